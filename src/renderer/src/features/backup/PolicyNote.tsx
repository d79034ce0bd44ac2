/**
 * Which agent policy a device's backup plans come from: 'Backup plans from
 * policy <name>', linking to the policy editor's Backup tab
 * (/editor/policy/:id/backup). Quiet by design: a device without a policy, or
 * a policy that cannot be read (gone, no permission, offline), shows nothing;
 * it never stands in the way of the browser.
 */
import { Classes } from '@blueprintjs/core';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';

export function PolicyNote({ policyId }: { policyId: number | null | undefined }) {
  const policy = useQuery('admin.policies.get', typeof policyId === 'number' ? { id: policyId } : null);
  if (typeof policyId !== 'number' || !policy.data || policy.data.id !== policyId) return null;
  const route = `/editor/policy/${policyId}/backup`;
  return (
    <p className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED} browser-policy`} data-testid="device-policy">
      Backup plans from policy{' '}
      <a
        href={`#${route}`}
        onClick={(event) => {
          event.preventDefault();
          navigate(route);
        }}
      >
        {policy.data.name}
      </a>
    </p>
  );
}
