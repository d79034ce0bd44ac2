/**
 * The other integrations' secrets (the project management and service desk
 * keys, the webhook's signing secret), kept exactly as the PSA secrets
 * (../psa/psa-secrets.ts): a remembered sign-in keeps them in the OS
 * keychain under `integration:<identity>:<kind>`, a "this session only" one
 * in this process's memory only; signing out or forgetting the sign-in
 * removes them. Each is kept with the address's origin it was given for and
 * offered again only for that origin. Nothing here is ever logged, answered
 * or written anywhere else; a keychain that fails reads as "none kept".
 */
import { originOf } from '../../../shared/rules/integrations/url';
import type { CredentialVault, PsaSecret } from '../session';
import { keychainFailure } from '../platform/keychain-failure';

export const SECRET_KINDS = ['projectManagement', 'serviceDesk', 'webhook'] as const;
export type SecretKind = (typeof SECRET_KINDS)[number];

export function integrationSecretAccount(scope: string, kind: SecretKind): string {
  return `integration:${scope}:${kind}`;
}

export class IntegrationSecrets {
  private readonly inMemory = new Map<string, PsaSecret>();

  constructor(
    private readonly vault: CredentialVault,
    private readonly place: () => 'keychain' | 'memory',
    private readonly log: (what: string, error: unknown) => void = () => {},
  ) {}

  /** The secret kept for this address's origin, or null (none kept, kept for another origin, or no keychain). */
  async kept(scope: string, kind: SecretKind, url: string): Promise<string | null> {
    const origin = originOf(url);
    if (!origin) return null;
    const account = integrationSecretAccount(scope, kind);
    let secret: PsaSecret | null | undefined;
    if (this.place() === 'memory') secret = this.inMemory.get(account);
    else {
      try {
        secret = await this.vault.loadPsaSecret(account);
      } catch (error) {
        this.log(`integrations: reading the ${kind} secret from the keychain`, keychainFailure(error));
        return null;
      }
    }
    return secret && secret.origin === origin ? secret.value : null;
  }

  /** Keeps the secret for this address's origin; false when it cannot be kept. */
  async keep(scope: string, kind: SecretKind, url: string, value: string): Promise<boolean> {
    const origin = originOf(url);
    if (!origin) return false;
    const secret: PsaSecret = { kind: 'psa_secret', value, origin, username: '' };
    const account = integrationSecretAccount(scope, kind);
    if (this.place() === 'memory') {
      this.inMemory.set(account, secret);
      return true;
    }
    if (!(await this.vault.probe()).available) return false;
    try {
      await this.vault.save(account, secret);
      return true;
    } catch (error) {
      this.log(`integrations: keeping the ${kind} secret in the keychain`, keychainFailure(error));
      return false;
    }
  }

  async forget(scope: string): Promise<void> {
    for (const kind of SECRET_KINDS) {
      const account = integrationSecretAccount(scope, kind);
      this.inMemory.delete(account);
      try {
        await this.vault.remove(account);
      } catch (error) {
        this.log(`integrations: removing the ${kind} secret from the keychain`, keychainFailure(error));
      }
    }
  }
}
