/**
 * The administration blocks' calls on the RMM API: reads, reads
 * whose every failure is one §8 message (help-shared-blocks-editor.md §8:
 * 'Windows Services could not load', 'Error fetching user roles', 'Error
 * fetching initial data'), and saves whose refusals are explained. A refused
 * save keeps the server's whole text, its field said as the editor names it
 * ('Name: Required', 'Action 1, script: no such script 99'): without the
 * field, 'Required' would not say what is missing in a whole task. A failure of the session or
 * the connection (SESSION_EXPIRED, OFFLINE, …) stays as it is, as every
 * area's calls do (../platform/api/refusals.ts).
 */
import { cleanText } from '../../../shared/rules/platform/server-text';
import type { ApiClient } from '../platform/api/api-client';
import { AreaCalls } from '../platform/api/area-calls';
import { REFUSAL_MAX, refusalWords } from '../platform/api/refusals';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the editors call the fields a refusal names (the payloads' and the wire's names). */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  name: 'Name',
  description: 'Description',
  actions: 'Action',
  actionList: 'Action',
  scripts: '',
  scriptId: 'script',
  scriptVariables: 'script variables',
  variables: 'script variables',
  serviceName: 'service',
  operation: 'operation',
  volumes: 'volume',
  volumeName: 'volume name',
  checkList: 'include or exclude',
  targets: 'Target',
  targetId: 'target',
  schedule: 'Schedule',
  productIds: 'Product',
  userRoles: 'User role',
  nodeRoleId: 'Node role',
  groupIds: 'Saved search',
  quantity: 'Quantity',
  quantityText: 'Quantity text',
  price: 'Price',
  cost: 'Cost',
  parentPolicyId: 'Parent policy',
  backupPlans: 'Plan',
  identifier: 'name',
  include: 'backed up',
  exclude: 'excluded',
  destination: 'destination',
  localPath: 'local path',
  retention: 'retention',
  versions: 'versions',
  days: 'days',
};

/** `actions[0].scriptId` → `Action 1, script`: counted from 1 and named as the editor names them; an unknown name kept. */
function spokenPath(path: string): string {
  const parts = path.split('.').map((part) => {
    const [, key = part, index] = /^([^[]+)(?:\[(\d+)\])?$/.exec(part) ?? [];
    const label = FIELD_NAMES[key] ?? key;
    return index === undefined ? label : `${label} ${Number(index) + 1}`;
  });
  return capitalized(parts.filter(Boolean).join(', '));
}

/** A field path at the start of a refusal, or of one of its '; '-joined issues, before ': '. */
const FIELD_PATH = /(^|; )([A-Za-z_$][\w$]*(?:\[\d+\])?(?:\.[A-Za-z_$][\w$]*(?:\[\d+\])?)*)(?=: )/g;

/**
 * The server's refusal in one bounded line: `message` (or `errorMessage`), control characters dropped, its
 * field paths said as a technician reads them ('actions[0].scriptId: no such script 99' → 'Action 1, script:
 * no such script 99'): without the field, 'Required' would not say what is missing in a whole task.
 */
export function refusal(body: unknown): string | null {
  const raw = refusalWords(body);
  return raw === undefined ? null : cleanText(raw.replace(FIELD_PATH, (_, lead: string, path: string) => `${lead}${spokenPath(path)}`), REFUSAL_MAX);
}

/** The administration blocks' calls: the shared ones (../platform/api/area-calls.ts), refusals said with their fields named. */
export class AdminCalls extends AreaCalls {
  constructor(api: () => ApiClient) {
    super(api, refusal);
  }
}
