/**
 * The PSA connections' secrets: kept per signed-in identity and PSA, bound
 * to the PSA instance's origin and the user they were given for
 * (../session/origin-bound-secrets.ts), under `psa:<identity>:<psa>`.
 */
import type { PsaKind } from '../../../shared/model/psa/views';
import { PSA_KINDS } from '../../../shared/model/psa/views';
import type { SecretOwner } from '../../../shared/rules/psa/connection';
import { OriginBoundSecrets, secretAccount, type CredentialVault, type SecretPlace } from '../session';

export type { SecretOwner };

const AREA = 'psa';

export function psaSecretAccount(scope: string, kind: PsaKind): string {
  return secretAccount(AREA, scope, kind);
}

export class PsaSecrets extends OriginBoundSecrets<PsaKind> {
  constructor(vault: CredentialVault, place: () => SecretPlace, log?: (what: string, error: unknown) => void) {
    super(AREA, PSA_KINDS, vault, place, log);
  }
}
