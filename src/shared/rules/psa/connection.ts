/**
 * Whose a PSA connection's secret is: the PSA instance (its origin) and the
 * user it was given for. The instance keeps the secret it was last given and
 * uses it for whatever address and user the connection names, so a save
 * that changes either without a new secret would send the old one to a host
 * or user it was never meant for: the main process refuses it, and the
 * connection form asks for the secret as soon as either changes.
 */
import type { PsaKind } from '../../model/psa/views';
import { originOf } from '../platform/origins';

/** What a secret is bound to. */
export interface SecretOwner {
  instanceUrl: string;
  username: string;
}

export { originOf };

/** The same PSA instance (origin) and the same user (spaces around it aside). */
export function sameOwner(a: SecretOwner, b: SecretOwner): boolean {
  const origin = originOf(a.instanceUrl);
  return origin !== null && origin === originOf(b.instanceUrl) && a.username.trim() === b.username.trim();
}

/** What the connection form calls the secret. */
export const PSA_SECRET_LABELS: Record<PsaKind, string> = { autotask: 'Secret', connectwise: 'Private key' };

/** The refusal of a save that would move the stored secret to another address or user (the console's words). */
export function secretMovedMessage(kind: PsaKind): string {
  return `The instance address or username changed: enter the ${PSA_SECRET_LABELS[kind].toLowerCase()} for it. A stored secret is sent only to the instance and user it was given for.`;
}
