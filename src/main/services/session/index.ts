/** The session area's door in main/services: what other areas may use of it. */
export { openAllowedLink } from './external-open';
export { type SessionService } from './session-service';
export { type CredentialVault, type PsaSecret } from './vault';
export { OriginBoundSecrets, secretAccount, type SecretHolder, type SecretPlace } from './origin-bound-secrets';
