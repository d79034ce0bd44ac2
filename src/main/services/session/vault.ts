/**
 * The credential vault: refresh tokens and client secrets in the OS keychain
 * (keytar: Keychain on macOS, Credential Manager on Windows, a Secret Service
 * on Linux), under the app's service name and the profile id; PSA connection
 * secrets under `psa:<identity>:<psa>`. Nothing here is ever
 * written anywhere else.
 */
import { AppError } from '../../../shared/errors';

export const KEYCHAIN_SERVICE = 'RMM Technician Console';

/** The part of keytar the vault uses (so tests of other units can fake it). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

/** A session's secret, kept under its profile id. */
export type StoredSecret =
  | { kind: 'refresh_token'; value: string }
  | { kind: 'client_secret'; value: string };

/**
 * A PSA connection's secret, kept under `psa:<identity>:<psa>`
 * with the PSA instance's origin and user it was given for (it is sent again
 * only for those). Apart from StoredSecret: a session never loads one.
 */
export interface PsaSecret {
  kind: 'psa_secret';
  value: string;
  origin: string;
  username: string;
}

/** Everything the vault keeps. */
type KeptSecret = StoredSecret | PsaSecret;

interface VaultStatus {
  available: boolean;
  message?: string;
}

const UNAVAILABLE_MESSAGE =
  'The system keychain is not available, so the console cannot keep your sign-in. ' +
  'You can still sign in for this session only; nothing will be saved.';

export class CredentialVault {
  private status: VaultStatus | null = null;

  constructor(
    private readonly keytar: KeytarLike | null,
    private readonly service = KEYCHAIN_SERVICE,
  ) {}

  /** Probes the keychain once; a missing D-Bus or Secret Service makes it unavailable. */
  async probe(): Promise<VaultStatus> {
    if (this.status) return this.status;
    if (!this.keytar) {
      this.status = { available: false, message: UNAVAILABLE_MESSAGE };
      return this.status;
    }
    try {
      await this.keytar.findCredentials(this.service);
      this.status = { available: true };
    } catch {
      this.status = { available: false, message: UNAVAILABLE_MESSAGE };
    }
    return this.status;
  }

  async save(profileId: string, secret: KeptSecret): Promise<void> {
    await this.requireAvailable();
    await this.keytar!.setPassword(this.service, profileId, JSON.stringify(secret));
  }

  async load(profileId: string): Promise<StoredSecret | null> {
    const status = await this.probe();
    if (!status.available) return null;
    const raw = await this.keytar!.getPassword(this.service, profileId);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as StoredSecret;
      if ((parsed.kind === 'refresh_token' || parsed.kind === 'client_secret') && typeof parsed.value === 'string') {
        return parsed;
      }
    } catch {
      // A foreign or damaged entry is treated as absent.
    }
    return null;
  }

  /** A PSA connection's secret kept under `account`; null when absent, foreign or damaged (or no keychain). */
  async loadPsaSecret(account: string): Promise<PsaSecret | null> {
    const status = await this.probe();
    if (!status.available) return null;
    const raw = await this.keytar!.getPassword(this.service, account);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<PsaSecret>;
      if (parsed.kind === 'psa_secret' && typeof parsed.value === 'string' && typeof parsed.origin === 'string' && typeof parsed.username === 'string') {
        return { kind: parsed.kind, value: parsed.value, origin: parsed.origin, username: parsed.username };
      }
    } catch {
      // A foreign or damaged entry is treated as absent.
    }
    return null;
  }

  async remove(profileId: string): Promise<void> {
    const status = await this.probe();
    if (!status.available) return;
    await this.keytar!.deletePassword(this.service, profileId);
  }

  private async requireAvailable(): Promise<void> {
    const status = await this.probe();
    if (!status.available) {
      throw new AppError('KEYCHAIN_UNAVAILABLE', status.message ?? UNAVAILABLE_MESSAGE);
    }
  }
}

/** Loads the real keytar module; null when its native part cannot load on this machine. */
export async function loadKeytar(): Promise<KeytarLike | null> {
  try {
    const mod = (await import('keytar')) as unknown as { default?: KeytarLike } & KeytarLike;
    return mod.default ?? mod;
  } catch {
    return null;
  }
}
