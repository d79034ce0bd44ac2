/**
 * PSA integrations (spec/ticketing-automations-psa.md §2.3, §2.4,
 * §3.3–§3.5, §6, §7.3, §8.3): the Integrations list with each PSA's
 * connection and unmapped counts, the connections (their secrets in the OS
 * keychain, ./psa-secrets.ts), the console's device roles and groups, the
 * "never map" marks (./never-map-store.ts), and the Autotask and ConnectWise
 * settings (./autotask-api.ts, ./connectwise-api.ts). Paths the spec does
 * not show are the demo's (src/demo-server/README.md "PSA").
 *
 * The service keeps nothing per session (so it has no reset on a session
 * change): the user's features are read from the session at each call, the
 * marks and secrets are filed under the signed-in identity.
 */
import type { CallArgs } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { DeviceRole, PsaRecord } from '../../../shared/model/psa';
import { PSA_LABELS, PSA_KINDS, type PsaConnection, type PsaKind, type PsaOverview, type PsaOverviewItem } from '../../../shared/model/psa/views';
import { AUTOTASK_PATHS, CONNECTWISE_PATHS, RMM_PATHS } from '../../../shared/rules/psa/paths';
import { deviceRoleSchema, psaRecordSchema } from '../../../shared/rules/psa/schemas';
import { autotaskUnmappedCounts, connectWiseUnmappedCounts, type UnmappedCounts } from '../../../shared/rules/psa/unmapped';
import type { SessionService } from '../session';
import type { CredentialVault } from '../session';
import { AutotaskApi } from './autotask-api';
import { ConnectWiseApi } from './connectwise-api';
import type { NeverMapStore } from './never-map-store';
import { anyAnswer, listIn } from '../platform/api/tolerant';
import { PsaCalls } from './psa-calls';
import { emptyConnection, readClean, readConnection } from './psa-read';
import { sameOwner, secretMovedMessage, type SecretOwner } from '../../../shared/rules/psa/connection';
import { PsaSecrets } from './psa-secrets';

const CONNECTION_PATHS: Record<PsaKind, string> = { autotask: AUTOTASK_PATHS.connection, connectwise: CONNECTWISE_PATHS.connection };

/** Failures that end the whole overview: without a session nothing of it can be said. */
const SESSION_GONE = new Set(['SESSION_EXPIRED', 'NOT_SIGNED_IN']);

interface PsaServiceDeps {
  session: SessionService;
  vault: CredentialVault;
  neverMap: NeverMapStore;
  log?: (what: string, error: unknown) => void;
}

export class PsaService {
  readonly autotask: AutotaskApi;
  readonly connectwise: ConnectWiseApi;
  private readonly calls: PsaCalls;
  private readonly secrets: PsaSecrets;

  constructor(private readonly deps: PsaServiceDeps) {
    this.calls = new PsaCalls(() => deps.session.api());
    this.autotask = new AutotaskApi(this.calls);
    this.connectwise = new ConnectWiseApi(this.calls);
    // A "this session only" sign-in keeps the PSA secrets in memory only: nothing of it outlives the session.
    this.secrets = new PsaSecrets(deps.vault, () => (deps.session.persisted() ? 'keychain' : 'memory'), deps.log);
  }

  /** The identity's sign-in is over (signed out, forgotten): its PSA secrets go from memory and the keychain. */
  forgetSecrets(scope: string): Promise<void> {
    return this.secrets.forget(scope);
  }

  /** §6 autotask_big_data of the signed-in user: the account and product lookups are paged. */
  bigData(): boolean {
    return this.deps.session.user().features.autotask_big_data === true;
  }

  // ---------------------------------------------------------------- Integrations list

  /** Each PSA's connection and unmapped counts; one PSA that cannot be read says so on its own item. */
  async overview(): Promise<PsaOverview> {
    const scope = this.scope();
    const [autotask, connectwise] = await Promise.all(PSA_KINDS.map((kind) => this.overviewItem(scope, kind)));
    return { autotask: autotask!, connectwise: connectwise! };
  }

  private async overviewItem(scope: string, kind: PsaKind): Promise<PsaOverviewItem> {
    const [connection, unmapped] = await Promise.allSettled([this.readConnection(scope, kind), this.unmapped(scope, kind)]);
    for (const result of [connection, unmapped]) {
      if (result.status === 'rejected' && result.reason instanceof AppError && SESSION_GONE.has(result.reason.code)) throw result.reason;
    }
    const failure = [unmapped, connection].find((result) => result.status === 'rejected');
    return {
      connection: connection.status === 'fulfilled' ? connection.value : null,
      unmapped: unmapped.status === 'fulfilled' ? unmapped.value : null,
      ...(failure ? { error: `The ${PSA_LABELS[kind]} settings could not be read. ${reasonText(failure.reason)}` } : {}),
    };
  }

  private async unmapped(scope: string, kind: PsaKind): Promise<UnmappedCounts> {
    const marks = new Set(this.deps.neverMap.list(scope, kind));
    if (kind === 'connectwise') return connectWiseUnmappedCounts((await this.connectwise.companyMappings()).items, marks);
    const [accounts, locations] = await Promise.all([this.autotask.accountMappings(), this.autotask.locationMappings()]);
    return autotaskUnmappedCounts(accounts.items, locations.items, marks);
  }

  // ---------------------------------------------------------------- connections

  async connection(kind: PsaKind): Promise<PsaConnection> {
    return (await this.readConnection(this.scope(), kind)) ?? emptyConnection(kind);
  }

  /** The instance's connection (null when it has none); `secretInKeychain` when this console keeps the secret for its host and user. */
  private async readConnection(scope: string, kind: PsaKind): Promise<PsaConnection | null> {
    const answer = await this.calls.readOrNull(CONNECTION_PATHS[kind], anyAnswer);
    const read = answer === null || answer === undefined ? null : readConnection(kind, answer);
    if (!read) return null;
    return { ...read, secretInKeychain: await this.inKeychain(scope, kind, read) };
  }

  /** Whether the keychain (not memory) holds this connection's secret for its host and user. */
  private async inKeychain(scope: string, kind: PsaKind, owner: SecretOwner): Promise<boolean> {
    return this.deps.session.persisted() && (await this.secrets.kept(scope, kind, owner)) !== null;
  }

  /**
   * A save without a new secret leaves the instance using the one it holds:
   * refused when it names another address or user than the stored
   * connection (that secret would go to a host or user it was never given
   * for), unless this console keeps the secret of the new ones (then that one
   * is sent). Nothing is sent to the instance's connection when refused.
   */
  private async refuseMovedSecret(kind: PsaKind, owner: SecretOwner): Promise<void> {
    const answer = await this.calls.readOrNull(CONNECTION_PATHS[kind], anyAnswer);
    if (answer === null || answer === undefined) return;
    const stored = readConnection(kind, answer);
    if (!stored || !sameOwner(stored, owner)) throw new AppError('INVALID_INPUT', secretMovedMessage(kind));
  }

  /**
   * Saves the connection on the instance. A new secret goes with it and, once
   * the instance took it, into the keychain; without one, the secret this
   * console keeps for that host and user is sent (the technician never
   * types it again); a changed host or user needs a new one
   * (refuseMovedSecret). The keychain unavailable: the save still happens,
   * `secretInKeychain` false. No secret ever comes back.
   */
  async saveConnection(input: CallArgs<'psa.saveConnection'>): Promise<PsaConnection> {
    const scope = this.scope();
    const { kind, secret, ...fields } = input;
    const owner = { instanceUrl: fields.instanceUrl, username: fields.username };
    const sent = secret ?? (await this.secrets.kept(scope, kind, owner)) ?? undefined;
    if (sent === undefined) await this.refuseMovedSecret(kind, owner);
    const what = `the ${PSA_LABELS[kind]} connection`;
    const answer = await this.calls.send('PUT', CONNECTION_PATHS[kind], { what, json: { ...fields, ...(sent === undefined ? {} : { secret: sent }) }, schema: anyAnswer, secrets: sent === undefined ? [] : [sent] }).catch((error: unknown) => {
      // A refusal is shown in the server's words: never when those words quote the secret.
      if (sent !== undefined && error instanceof AppError && error.message.includes(sent)) throw new AppError(error.code, `The server refused ${what}.`);
      throw error;
    });
    const saved = readConnection(kind, answer) ?? { ...fields, kind, secretSet: sent !== undefined, secretInKeychain: false };
    const keptNow = secret !== undefined ? await this.secrets.keep(scope, kind, owner, secret) : sent !== undefined;
    const inKeychain = keptNow && this.deps.session.persisted();
    // Reported for the host and user the instance answered (the kept secret is bound to those sent).
    return { ...saved, secretInKeychain: inKeychain && sameOwner(owner, saved) };
  }

  // ---------------------------------------------------------------- the console's roles and groups

  async roles(): Promise<DeviceRole[]> {
    return readClean(deviceRoleSchema, listIn(await this.calls.read(RMM_PATHS.deviceRoles, anyAnswer), 'nodeRoles', 'roles')).items;
  }

  async groups(): Promise<PsaRecord[]> {
    return readClean(psaRecordSchema, listIn(await this.calls.read(RMM_PATHS.groups, anyAnswer), 'groups')).items;
  }

  // ---------------------------------------------------------------- never map

  neverMapList(kind: PsaKind): number[] {
    return this.deps.neverMap.list(this.scope(), kind);
  }

  setNeverMap(kind: PsaKind, clientId: number, on: boolean): number[] {
    const scope = this.scope();
    try {
      return this.deps.neverMap.set(scope, kind, clientId, on);
    } catch (error) {
      this.deps.log?.('psa: keeping a never-map mark', error);
      throw new AppError('IO_ERROR', 'The mark could not be kept: the data folder cannot be written.');
    }
  }

  // ---------------------------------------------------------------- Autotask lookups that depend on the feature

  autotaskAccounts({ search, after }: CallArgs<'psa.autotask.accounts'>) {
    return this.autotask.accounts(this.bigData(), search, after);
  }

  autotaskProducts({ search, after }: CallArgs<'psa.autotask.products'>) {
    return this.autotask.products(this.bigData(), search, after);
  }

  autotaskSettings() {
    return this.autotask.settings(this.bigData());
  }

  private scope(): string {
    const scope = this.deps.session.identityScope();
    if (!scope) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    return scope;
  }
}

/** An AppError's message is written for the technician; anything else is not shown. */
function reasonText(reason: unknown): string {
  if (reason instanceof AppError) return reason.message;
  return 'Something went wrong in the console. Please try again.';
}
