/**
 * The PSA connections' secrets (DESIGN "Credentials live only in the OS
 * keychain"), kept as long as the sign-in they were typed in: a remembered
 * sign-in keeps them in the keychain through the CredentialVault under
 * `psa:<identity>:<psa>` (identity: SessionService.identityScope, so each
 * signed-in user on each instance has their own); a "this session only"
 * sign-in keeps them in this process's memory only, so nothing of it
 * outlives the session. Signing out, or a sign-in forgotten for good,
 * removes them from both (`forget`).
 *
 * Each secret is kept with the PSA instance's origin and the user it was
 * given for and is offered again only for those: a connection moved to
 * another host (say, by a page that should not) never takes the kept secret
 * with it. Nothing here is ever logged, answered or written anywhere else; a
 * keychain that fails reads as "none kept".
 */
import type { PsaKind } from '../../../shared/model/psa/views';
import { PSA_KINDS } from '../../../shared/model/psa/views';
import { originOf, sameOwner, type SecretOwner } from '../../../shared/rules/psa/connection';
import type { CredentialVault, PsaSecret } from '../session';
import { keychainFailure } from '../platform/keychain-failure';

export type { SecretOwner };

export function psaSecretAccount(scope: string, kind: PsaKind): string {
  return `psa:${scope}:${kind}`;
}

/** Where the signed-in session keeps what it is given: the keychain (remembered) or memory (this session only). */
type SecretPlace = 'keychain' | 'memory';

export class PsaSecrets {
  /** The "this session only" sign-ins' secrets, by account; never written anywhere. */
  private readonly inMemory = new Map<string, PsaSecret>();

  constructor(
    private readonly vault: CredentialVault,
    private readonly place: () => SecretPlace,
    private readonly log: (what: string, error: unknown) => void = () => {},
  ) {}

  /** The kept secret for this connection's origin and user, or null (none kept, kept for another, or no keychain). */
  async kept(scope: string, kind: PsaKind, owner: SecretOwner): Promise<string | null> {
    if (!originOf(owner.instanceUrl)) return null;
    const account = psaSecretAccount(scope, kind);
    let secret: PsaSecret | null | undefined;
    if (this.place() === 'memory') secret = this.inMemory.get(account);
    else {
      try {
        secret = await this.vault.loadPsaSecret(account);
      } catch (error) {
        this.log(`psa: reading the ${kind} secret from the keychain`, keychainFailure(error));
        return null;
      }
    }
    return secret && sameOwner({ instanceUrl: secret.origin, username: secret.username }, owner) ? secret.value : null;
  }

  /** Keeps the secret for this origin and user; false when it cannot be kept (the save goes on without). */
  async keep(scope: string, kind: PsaKind, owner: SecretOwner, value: string): Promise<boolean> {
    const origin = originOf(owner.instanceUrl);
    if (!origin) return false;
    const secret: PsaSecret = { kind: 'psa_secret', value, origin, username: owner.username.trim() };
    const account = psaSecretAccount(scope, kind);
    if (this.place() === 'memory') {
      this.inMemory.set(account, secret);
      return true;
    }
    if (!(await this.vault.probe()).available) return false;
    try {
      await this.vault.save(account, secret);
      return true;
    } catch (error) {
      this.log(`psa: keeping the ${kind} secret in the keychain`, keychainFailure(error));
      return false;
    }
  }

  /** The identity's sign-in is over (signed out, or forgotten): its secrets go from memory and the keychain. */
  async forget(scope: string): Promise<void> {
    for (const kind of PSA_KINDS) {
      const account = psaSecretAccount(scope, kind);
      this.inMemory.delete(account);
      try {
        await this.vault.remove(account);
      } catch (error) {
        this.log(`psa: removing the ${kind} secret from the keychain`, keychainFailure(error));
      }
    }
  }
}
