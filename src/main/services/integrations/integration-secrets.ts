/**
 * The other integrations' secrets (the project management and service desk
 * keys, the webhook's signing secret): kept per signed-in identity and kind,
 * bound to the origin of the address they were given for
 * (../session/origin-bound-secrets.ts), under `integration:<identity>:<kind>`.
 */
import { OriginBoundSecrets, secretAccount, type CredentialVault, type SecretPlace } from '../session';

export const SECRET_KINDS = ['projectManagement', 'serviceDesk', 'webhook'] as const;
export type SecretKind = (typeof SECRET_KINDS)[number];

const AREA = 'integration';

export function integrationSecretAccount(scope: string, kind: SecretKind): string {
  return secretAccount(AREA, scope, kind);
}

export class IntegrationSecrets extends OriginBoundSecrets<SecretKind> {
  constructor(vault: CredentialVault, place: () => SecretPlace, log?: (what: string, error: unknown) => void) {
    super(AREA, SECRET_KINDS, vault, place, log);
  }
}
