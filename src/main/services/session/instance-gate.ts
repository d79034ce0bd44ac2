/**
 * Nothing is sent to, or opened on, an instance the
 * technician has not confirmed. A call from the renderer (which may be
 * compromised) cannot point the console at a host of its choosing: a new
 * instance needs a native confirmation naming the host (Electron), or, in
 * browser mode, to be on loopback or allowed on the command line.
 */
import { AppError } from '../../../shared/errors';
import type { ProfileStore } from './profile-store';
import { instanceTrust, notConfirmedMessage } from './session-rules';

interface InstanceGateOptions {
  profiles: ProfileStore;
  confirmNewInstance?: (host: string) => Promise<boolean>;
  allowedInstances?: readonly string[];
}

export class InstanceGate {
  /** Instances confirmed in this run (a mistyped secret does not ask again). */
  private readonly confirmed = new Set<string>();

  constructor(private readonly options: InstanceGateOptions) {}

  /** Resolves when `baseUrl` (normalized) may be signed in to; throws FORBIDDEN or CANCELED otherwise. */
  async require(baseUrl: string): Promise<void> {
    const decision = instanceTrust({
      baseUrl,
      known: [...this.options.profiles.instanceUrls(), ...this.confirmed],
      allowed: this.options.allowedInstances ?? [],
      canConfirm: this.options.confirmNewInstance !== undefined,
    });
    if (decision.action === 'refuse') throw new AppError('FORBIDDEN', decision.message);
    if (decision.action === 'confirm') {
      const confirmed = await this.options.confirmNewInstance!(decision.host).catch(() => false);
      if (!confirmed) throw new AppError('CANCELED', notConfirmedMessage(decision.host));
      this.confirmed.add(baseUrl);
    }
  }
}
