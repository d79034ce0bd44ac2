/** Demo backup data: the showcase devices. */
import type { DemoConfig } from '../../config';
import { GIB, KIB, SHOWCASE_IMAGE_REVISIONS } from './ids';
import { MAC_HD, type PlanSpec, WINDOWS_C, WINDOWS_D } from './plan-spec';
import { file, folder } from './tree';

export const FILE_SERVER_PLAN = 'server-files';
export const SYSTEM_IMAGE_PLAN = 'system-image';
export const OLD_FILE_PLAN = 'old-file-plan';
export const WORKSTATION_IMAGE_PLAN = 'workstation-image';
export const DEVICE2_DOCUMENTS_PLAN = 'documents';
export const DEVICE2_IMAGE_PLAN = 'image';
export const DEVICE2_BROKEN_VOLUMES_PLAN = 'broken-volumes';
export const DEVICE2_BROKEN_FOLDERS_PLAN = 'broken-folders';
export const ODD_NAMES_PLAN = 'odd-names';
export const FAILING_PLANS_NODE = 5;

export const ODD_NAMES_ROOT = '/Users/design/Odd names';
export const HANDOFF_ROOT = '/Users/design/Handoff';
/**
 * Hostile file names for the download manager's sanitizer (device 3, plan
 * 'Odd names'): traversal, separators, reserved Windows names, a drive colon,
 * a trailing dot and space, 300 characters, a case-only clash, an emoji.
 */
export const ODD_FILE_NAMES = [
  '../../x',
  '..\\..\\y.txt',
  '/etc/passwd',
  'CON',
  'aux.txt',
  'a:b.txt',
  'trailing. ',
  `long-name-${'x'.repeat(286)}.txt`,
  'Report.TXT',
  'report.txt',
  '\u{1F4F7} holiday snap.jpg',
] as const;

/** Id key of an odd name (ids hash the lowercased path, and two names differ only in case). */
export function oddNameIdKey(index: number): string {
  return `${ODD_NAMES_ROOT}#${index}`;
}

function oddNamesPlan(): PlanSpec {
  return planDefaults({
    key: ODD_NAMES_PLAN,
    ordinal: 2,
    name: 'Odd names',
    type: 'FILE_FOLDER',
    destination: 'CLOUD',
    separator: '/',
    volumes: [MAC_HD],
    roots: [
      {
        path: ODD_NAMES_ROOT,
        volume: MAC_HD.name,
        type: 'FOLDER',
        children: ODD_FILE_NAMES.map((name, i) => file(name, { size: 2 * KIB + i * 311, revisions: 3, ageDays: 0, idKey: oddNameIdKey(i) })),
      },
      {
        // A small folder for zip tests: a subfolder, an empty folder and a deleted file.
        path: HANDOFF_ROOT,
        volume: MAC_HD.name,
        type: 'FOLDER',
        children: [
          folder('assets', [file('logo.png', { size: 5 * KIB + 17, revisions: 3, ageDays: 0 })]),
          folder('Empty drafts', []),
          file('brief.txt', { size: 3000, revisions: 3, ageDays: 0 }),
          file('superseded.txt', { size: 2 * KIB + 5, revisions: 3, ageDays: 5, status: 'DELETED', deleted: true }),
        ],
      },
    ],
  });
}

export function planDefaults(overrides: Partial<PlanSpec> & Pick<PlanSpec, 'key' | 'ordinal' | 'name' | 'type' | 'destination'>): PlanSpec {
  return {
    schedule: 'Daily at 02:00',
    enabled: true,
    deleted: false,
    backupPermissions: overrides.type === 'FILE_FOLDER',
    allowFileFolderBackupAccess: false,
    offsetDays: 0,
    incompleteJobs: 1,
    separator: '\\',
    volumes: [WINDOWS_C],
    roots: [],
    imageRevisions: 0,
    ...overrides,
  };
}

export function showcasePlans(nodeId: number, sizes: DemoConfig['sizes']): PlanSpec[] | undefined {
  switch (nodeId) {
    case 1:
      return [
        planDefaults({
          key: FILE_SERVER_PLAN,
          ordinal: 1,
          name: 'Server files',
          type: 'FILE_FOLDER',
          destination: 'HYBRID',
          backupPermissions: true,
          incompleteJobs: 2,
          volumes: [WINDOWS_C, WINDOWS_D],
          roots: [
            {
              path: 'C:\\Users',
              volume: 'C:',
              type: 'COMMON_FOLDER',
              children: [
                folder('alex', [
                  folder('Documents', [file('Q3 report.docx'), file('Budget 2026.xlsx'), file('meeting notes.txt'), file('Contract draft.pdf')]),
                  folder('Desktop', [file('todo.txt'), file('screenshot.png')]),
                ]),
                folder('robin', [
                  folder('Documents', [file('Presentation.pptx'), file('contacts.csv'), file('Onboarding checklist.docx')]),
                  folder('Pictures', [file('team-offsite.jpg'), file('whiteboard.jpg')]),
                ]),
              ],
            },
            {
              path: 'C:\\Data',
              volume: 'C:',
              type: 'FOLDER',
              children: [
                folder('Archive', [], { archive: true }),
                folder('Broken', [], { broken: true }),
                folder('Empty', []),
                folder('Media', [
                  file('vm-disk.vhdx', { size: sizes.largestFileBytes }),
                  file('database.bak', { size: 4.5 * GIB }),
                  file('training.mp4', { size: 314_159_265 }),
                ]),
                file('Accounting 2026.xlsx', { ageDays: 0 }),
                file('Accounting notes.txt'),
                file('readme.txt', { revisions: 1, ageDays: 0 }),
                file('unreadable.dat', { unreadable: true }),
                file('old-budget.xls', { status: 'REMOVED', deleted: true, ageDays: 35 }),
                file('lost.docx', { status: 'MISSING', ageDays: 12 }),
                file('temp-export.csv', { status: 'DELETED', deleted: true, ageDays: 21 }),
              ],
            },
            {
              path: 'D:\\Shares',
              volume: 'D:',
              type: 'FOLDER',
              children: [
                folder('Marketing', [file('Brochure 2026.pdf'), file('logo.png'), file('campaign-plan.docx')]),
                folder('HR', [file('Handbook.pdf'), file('holiday-calendar.xlsx')]),
                file('shared-calendar.ics'),
              ],
            },
          ],
        }),
        planDefaults({
          key: SYSTEM_IMAGE_PLAN,
          ordinal: 2,
          name: 'System image',
          type: 'IMAGE',
          destination: 'CLOUD',
          schedule: 'Daily at 02:00',
          volumes: [WINDOWS_C],
          imageRevisions: SHOWCASE_IMAGE_REVISIONS,
        }),
        planDefaults({
          key: OLD_FILE_PLAN,
          ordinal: 3,
          name: 'Old file plan',
          type: 'FILE_FOLDER',
          destination: 'LOCAL',
          enabled: false,
          deleted: true,
          schedule: 'Weekly on Sunday at 03:00',
          offsetDays: 45,
          incompleteJobs: 0,
          roots: [
            { path: 'C:\\Old', volume: 'C:', type: 'FOLDER', children: [file('report-2024.docx'), file('budget-2024.xlsx'), file('notes.txt')] },
          ],
        }),
        planDefaults({
          key: WORKSTATION_IMAGE_PLAN,
          ordinal: 4,
          name: 'Workstation image (disabled)',
          type: 'IMAGE',
          destination: 'LOCAL',
          enabled: false,
          schedule: 'Manual',
          offsetDays: 30,
          incompleteJobs: 0,
          imageRevisions: 2,
        }),
      ];
    case 2:
      return [
        planDefaults({
          key: DEVICE2_DOCUMENTS_PLAN,
          ordinal: 1,
          name: 'Documents',
          type: 'FILE_FOLDER',
          destination: 'LOCAL',
          allowFileFolderBackupAccess: true,
          roots: [
            {
              path: 'C:\\Users\\reception\\Documents',
              volume: 'C:',
              type: 'COMMON_FOLDER',
              children: [
                folder('Scans', [file('id-scan-001.pdf'), file('id-scan-002.pdf')]),
                file('Appointments.xlsx'),
                file('Letterhead.docx'),
                file('Visitors log.txt'),
              ],
            },
          ],
        }),
        planDefaults({ key: DEVICE2_IMAGE_PLAN, ordinal: 2, name: 'Image', type: 'IMAGE', destination: 'HYBRID', imageRevisions: 10 }),
        planDefaults({
          key: DEVICE2_BROKEN_VOLUMES_PLAN,
          ordinal: 3,
          name: 'Broken volumes',
          type: 'FILE_FOLDER',
          destination: 'CLOUD',
          failing: 'volumes',
          roots: [{ path: 'C:\\Projects', volume: 'C:', type: 'FOLDER', children: [file('plan.docx')] }],
        }),
        planDefaults({
          key: DEVICE2_BROKEN_FOLDERS_PLAN,
          ordinal: 4,
          name: 'Broken folders',
          type: 'FILE_FOLDER',
          destination: 'LOCAL',
          failing: 'folders',
          roots: [{ path: 'C:\\Shared', volume: 'C:', type: 'FOLDER', children: [file('minutes.docx')] }],
        }),
      ];
    case 3:
      return [
        planDefaults({
          key: 'design-projects',
          ordinal: 1,
          name: 'Design projects',
          type: 'FILE_FOLDER',
          destination: 'CLOUD',
          separator: '/',
          volumes: [MAC_HD],
          roots: [
            {
              path: '/Users/design/Projects',
              volume: 'Macintosh HD',
              type: 'FOLDER',
              children: [
                folder('Brand refresh', [file('logo.ai'), file('palette.pdf'), file('moodboard.sketch')]),
                folder('Website', [file('index.html'), file('styles.css'), file('hero.png')]),
                file('brief.pages'),
                file('timeline.numbers'),
              ],
            },
            {
              path: '/Users/design/Documents',
              volume: 'Macintosh HD',
              type: 'COMMON_FOLDER',
              children: [file('Invoice 2026-11.pdf'), file('notes.txt')],
            },
          ],
        }),
        oddNamesPlan(),
      ];
    default:
      return undefined;
  }
}
