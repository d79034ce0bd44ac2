/**
 * The instance's security configuration as the profile menu shows it,
 * read-only (ticketing spec §3.5): a line per setting; what the instance did
 * not say is said as such, never guessed.
 */
import type { SecurityConfig } from '../../model/session';

const flag = (value: boolean | null) => (value === null ? 'Not set' : value ? 'Yes' : 'No');

export function securityConfigLines(config: SecurityConfig | null | undefined): Array<{ label: string; value: string }> {
  const { resetPasswordViaLink = null, acceptInvitationViaLink = null, allowedIPSubnets = null } = config ?? {};
  return [
    { label: 'Reset password via link', value: flag(resetPasswordViaLink) },
    { label: 'Accept invitation via link', value: flag(acceptInvitationViaLink) },
    { label: 'Allowed IP subnets', value: allowedIPSubnets === null ? 'Not set' : allowedIPSubnets.length > 0 ? allowedIPSubnets.join(', ') : 'Any' },
  ];
}
