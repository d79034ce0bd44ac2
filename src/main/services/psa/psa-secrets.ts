/**
 * The PSA connections' secrets in the OS keychain (issue 15; DESIGN
 * "Credentials live only in the OS keychain"): kept through the
 * CredentialVault under `psa:<identity>:<psa>` (identity:
 * SessionService.identityScope, so each signed-in user on each instance has
 * their own), with the PSA instance's origin and the user they were given
 * for. A kept secret is offered again only for that origin and user: a
 * connection moved to another host (say, by a page that should not) never
 * takes the kept secret with it. Nothing here is ever logged, answered or
 * written anywhere else; a keychain that fails reads as "none kept".
 */
import type { PsaKind } from '../../../shared/model/psa-views';
import type { CredentialVault } from '../session/vault';

export function psaSecretAccount(scope: string, kind: PsaKind): string {
  return `psa:${scope}:${kind}`;
}

/** What a secret is bound to: the PSA instance's origin (lower-case) and the user, trimmed. */
export interface SecretOwner {
  instanceUrl: string;
  username: string;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return null;
  }
}

/** The same PSA instance (origin) and user: a kept secret belongs to both. */
export function sameOwner(a: SecretOwner, b: SecretOwner): boolean {
  const origin = originOf(a.instanceUrl);
  return origin !== null && origin === originOf(b.instanceUrl) && a.username.trim() === b.username.trim();
}

export class PsaSecrets {
  constructor(
    private readonly vault: CredentialVault,
    private readonly log: (what: string, error: unknown) => void = () => {},
  ) {}

  /** The kept secret for this connection's origin and user, or null (none kept, kept for another, or no keychain). */
  async kept(scope: string, kind: PsaKind, owner: SecretOwner): Promise<string | null> {
    if (!originOf(owner.instanceUrl)) return null;
    try {
      const secret = await this.vault.loadPsaSecret(psaSecretAccount(scope, kind));
      return secret && sameOwner({ instanceUrl: secret.origin, username: secret.username }, owner) ? secret.value : null;
    } catch (error) {
      this.log(`psa: reading the ${kind} secret from the keychain`, keychainFailure(error));
      return null;
    }
  }

  /** Keeps the secret for this origin and user; false when the keychain cannot keep it (the save goes on without). */
  async keep(scope: string, kind: PsaKind, owner: SecretOwner, value: string): Promise<boolean> {
    const origin = originOf(owner.instanceUrl);
    if (!origin) return false;
    if (!(await this.vault.probe()).available) return false;
    try {
      await this.vault.save(psaSecretAccount(scope, kind), { kind: 'psa_secret', value, origin, username: owner.username.trim() });
      return true;
    } catch (error) {
      this.log(`psa: keeping the ${kind} secret in the keychain`, keychainFailure(error));
      return false;
    }
  }
}

/** Only the failure's name and code: a keychain library's message could quote what it was given. */
function keychainFailure(error: unknown): Error {
  const name = error instanceof Error ? error.name : 'Error';
  const code = (error as { code?: unknown } | null)?.code;
  return new Error(`Keychain failure (${name}${typeof code === 'string' ? `, ${code}` : ''})`);
}
