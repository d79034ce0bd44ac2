/**
 * Secrets the technician gives the console for another service (a PSA's
 * secret or private key, an integration's key or webhook signing secret),
 * kept as long as the sign-in they were typed in (DESIGN "Credentials live
 * only in the OS keychain"): a remembered sign-in keeps them in the keychain
 * through the CredentialVault under `<area>:<identity>:<kind>` (identity:
 * SessionService.identityScope, so each signed-in user on each instance has
 * their own); a "this session only" sign-in keeps them in this process's
 * memory only, so nothing of it outlives the session. Signing out, or a
 * sign-in forgotten for good, removes them from both (`forget`).
 *
 * Each secret is kept with the origin of the address it was given for (and
 * the user, where the service has one) and is offered again only for those:
 * a connection moved to another host never takes the kept secret with it.
 * Nothing here is ever logged, answered or written anywhere else; a keychain
 * that fails reads as "none kept".
 */
import { originOf } from '../../../shared/rules/platform/origins';
import type { CredentialVault, PsaSecret } from './vault';
import { keychainFailure } from '../platform/keychain-failure';

/** Who a secret is for: the service's address (only its origin counts) and its user ('' or none when it has none). */
export interface SecretHolder {
  instanceUrl: string;
  username?: string;
}

/** Where the signed-in session keeps what it is given: the keychain (remembered) or memory (this session only). */
export type SecretPlace = 'keychain' | 'memory';

export function secretAccount(area: string, scope: string, kind: string): string {
  return `${area}:${scope}:${kind}`;
}

export class OriginBoundSecrets<K extends string> {
  /** The "this session only" sign-ins' secrets, by account; never written anywhere. */
  private readonly inMemory = new Map<string, PsaSecret>();

  /** `area` names the accounts (and the log lines); `kinds` are every secret `forget` removes. */
  constructor(
    private readonly area: string,
    private readonly kinds: readonly K[],
    private readonly vault: CredentialVault,
    private readonly place: () => SecretPlace,
    private readonly log: (what: string, error: unknown) => void = () => {},
  ) {}

  /** The kept secret for this holder's origin and user, or null (none kept, kept for another, or no keychain). */
  async kept(scope: string, kind: K, holder: SecretHolder): Promise<string | null> {
    const origin = originOf(holder.instanceUrl);
    if (!origin) return null;
    const account = secretAccount(this.area, scope, kind);
    let secret: PsaSecret | null | undefined;
    if (this.place() === 'memory') secret = this.inMemory.get(account);
    else {
      try {
        secret = await this.vault.loadPsaSecret(account);
      } catch (error) {
        this.log(`${this.area}: reading the ${kind} secret from the keychain`, keychainFailure(error));
        return null;
      }
    }
    return secret && secret.origin === origin && secret.username === (holder.username ?? '').trim() ? secret.value : null;
  }

  /** Keeps the secret for this holder's origin and user; false when it cannot be kept (the save goes on without). */
  async keep(scope: string, kind: K, holder: SecretHolder, value: string): Promise<boolean> {
    const origin = originOf(holder.instanceUrl);
    if (!origin) return false;
    const secret: PsaSecret = { kind: 'psa_secret', value, origin, username: (holder.username ?? '').trim() };
    const account = secretAccount(this.area, scope, kind);
    if (this.place() === 'memory') {
      this.inMemory.set(account, secret);
      return true;
    }
    if (!(await this.vault.probe()).available) return false;
    try {
      await this.vault.save(account, secret);
      return true;
    } catch (error) {
      this.log(`${this.area}: keeping the ${kind} secret in the keychain`, keychainFailure(error));
      return false;
    }
  }

  /** The identity's sign-in is over (signed out, or forgotten): its secrets go from memory and the keychain. */
  async forget(scope: string): Promise<void> {
    for (const kind of this.kinds) {
      const account = secretAccount(this.area, scope, kind);
      this.inMemory.delete(account);
      try {
        await this.vault.remove(account);
      } catch (error) {
        this.log(`${this.area}: removing the ${kind} secret from the keychain`, keychainFailure(error));
      }
    }
  }
}
