/**
 * The console's own "never map" marks: organizations a
 * technician does not want auto-mapped to a PSA, kept per signed-in identity
 * (SessionService.identityScope, as the ticketing history and the downloads
 * are) and per PSA in `psa-never-map.json` in the data folder. They are the
 * console's alone (the instance knows nothing of them), a convenience:
 * small, written whole and atomically (JsonFile), a damaged file moved aside
 * and read as empty.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { PSA_KINDS, type PsaKind } from '../../../shared/model/psa/views';
import { JsonFile } from '../platform/json-file';

/** Marks kept for one identity and PSA (more than any instance's organizations). */
const NEVER_MAP_MAX = 20_000;
/** Identities remembered; the least recently changed are forgotten first. */
const IDENTITIES_MAX = 50;

const ids = z.array(z.number().int().nonnegative()).catch([]);
const identityMarks = z.object({ autotask: ids.optional(), connectwise: ids.optional(), changedAt: z.number().catch(0) });
const fileSchema = z.object({ version: z.literal(1), identities: z.record(z.string().max(4096), identityMarks) });
type NeverMapFile = z.infer<typeof fileSchema>;

export class NeverMapStore {
  private readonly file: JsonFile<NeverMapFile>;

  constructor(dataDir: string) {
    this.file = new JsonFile(join(dataDir, 'psa-never-map.json'), fileSchema, () => ({ version: 1, identities: {} }));
  }

  /** The marked organizations' ids, ascending. */
  list(scope: string, kind: PsaKind): number[] {
    return [...(this.file.read().identities[scope]?.[kind] ?? [])];
  }

  /** Marks or unmarks one organization; answers the marks after the change. */
  set(scope: string, kind: PsaKind, clientId: number, on: boolean): number[] {
    const content = this.file.read();
    const current = content.identities[scope] ?? { changedAt: 0 };
    const marks = new Set(current[kind] ?? []);
    if (on === marks.has(clientId)) return [...marks];
    if (on) marks.add(clientId);
    else marks.delete(clientId);
    const next = [...marks].sort((a, b) => a - b).slice(0, NEVER_MAP_MAX);
    const identities = { ...content.identities, [scope]: { ...current, [kind]: next, changedAt: Date.now() } };
    this.file.write({ version: 1, identities: newestIdentities(identities) });
    return next;
  }
}

function newestIdentities(identities: NeverMapFile['identities']): NeverMapFile['identities'] {
  const entries = Object.entries(identities).filter(([, marks]) => PSA_KINDS.some((kind) => (marks[kind]?.length ?? 0) > 0));
  entries.sort(([, a], [, b]) => b.changedAt - a.changedAt);
  return Object.fromEntries(entries.slice(0, IDENTITIES_MAX));
}
