/** Demo backup data: generated devices. */
import { type Rng, rngFor } from '../random';
import { MAC_HD, type PlanSpec, type RootSpec, WINDOWS_C, WINDOWS_D } from './plan-spec';
import { planDefaults } from './showcase';
import { type NodeSpec, file, folder } from './tree';

const FILE_PLAN_NAMES = ['Daily files', 'User folders', 'Shared data', 'Finance files', 'Project files'];
const IMAGE_PLAN_NAMES = ['Nightly image', 'Full system image', 'Weekly image'];
const FOLDER_NAMES = ['Invoices', 'Projects', 'Scans', 'Reports', 'Photos', 'Contracts', 'Templates', 'Archive 2025', 'Clients', 'Drafts'];
const FILE_STEMS = [
  'budget', 'invoice', 'minutes', 'proposal', 'contract', 'report', 'summary',
  'letter', 'schedule', 'inventory', 'photo', 'scan', 'notes', 'plan',
];
const FILE_EXTENSIONS = ['docx', 'xlsx', 'pdf', 'txt', 'jpg', 'pptx', 'csv', 'png'];
export const MAC_USERS = ['alex', 'sam', 'jordan', 'casey'];

function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0] as T);
  return picked;
}

/** A small random folder tree, built only when first listed. */
function generatedChildren(seed: string, key: string, depth: number): () => NodeSpec[] {
  return () => {
    const rng = rngFor(seed, 'tree', key, depth);
    const names = new Set<string>();
    const children: NodeSpec[] = [];
    const folders = depth < 2 ? rng.int(0, 3) : 0;
    for (const name of pickDistinct(rng, FOLDER_NAMES, folders)) {
      names.add(name.toLowerCase());
      children.push(folder(name, generatedChildren(seed, `${key}/${name}`, depth + 1)));
    }
    const files = rng.int(1, 6);
    for (let i = 0; i < files; i++) {
      const name = `${rng.pick(FILE_STEMS)}-${rng.int(1, 999)}.${rng.pick(FILE_EXTENSIONS)}`;
      if (names.has(name.toLowerCase())) continue;
      names.add(name.toLowerCase());
      children.push(file(name, rng.chance(0.05) ? { status: 'REMOVED', deleted: true, ageDays: rng.int(10, 60) } : {}));
    }
    return children;
  };
}

export function generatedPlans(seed: string, nodeId: number, mac: boolean): PlanSpec[] {
  const rng = rngFor(seed, 'backup-plans', nodeId);
  const count = rng.int(1, 3);
  const fileNames = pickDistinct(rng, FILE_PLAN_NAMES, 3);
  const imageNames = pickDistinct(rng, IMAGE_PLAN_NAMES, 3);
  const specs: PlanSpec[] = [];
  for (let ordinal = 1; ordinal <= count; ordinal++) {
    const image = !mac && ordinal > 1 && rng.chance(0.6);
    const destination = rng.pick(['CLOUD', 'LOCAL', 'HYBRID'] as const);
    const key = `plan-${ordinal}`;
    const enabled = rng.chance(0.9);
    const base = {
      key,
      ordinal,
      destination,
      enabled,
      offsetDays: enabled ? 0 : rng.int(5, 60),
      incompleteJobs: enabled ? rng.int(1, 2) : 0,
      schedule: rng.pick(['Daily at 02:00', 'Daily at 02:00', 'Weekly on Sunday at 03:00']),
    };
    if (image) {
      const volumes = rng.chance(0.3) ? [WINDOWS_C, WINDOWS_D] : [WINDOWS_C];
      specs.push(planDefaults({ ...base, name: imageNames.shift() ?? `Image ${ordinal}`, type: 'IMAGE', volumes, imageRevisions: rng.int(6, 12) }));
      continue;
    }
    const user = rng.pick(MAC_USERS);
    const candidates = mac
      ? [`/Users/${user}/Documents`, `/Users/${user}/Desktop`, '/Users/Shared']
      : ['C:\\Users', 'C:\\Shared', 'D:\\Data', 'C:\\Projects'];
    const rootPaths = pickDistinct(rng, candidates, rng.int(1, 2));
    const roots: RootSpec[] = rootPaths.map((path) => ({
      path,
      volume: mac ? MAC_HD.name : path.slice(0, 2),
      type: /Users|Documents|Desktop/.test(path) ? 'COMMON_FOLDER' : 'FOLDER',
      children: generatedChildren(seed, `${nodeId}/${key}/${path}`, 0),
    }));
    const volumes = mac ? [MAC_HD] : [WINDOWS_C, WINDOWS_D].filter((v) => roots.some((r) => r.volume === v.name));
    specs.push(
      planDefaults({
        ...base,
        name: fileNames.shift() ?? `Files ${ordinal}`,
        type: 'FILE_FOLDER',
        separator: mac ? '/' : '\\',
        volumes,
        roots,
        allowFileFolderBackupAccess: rng.chance(0.2),
      }),
    );
  }
  return specs;
}
