/**
 * The project's lint configuration guards what the design says, checked
 * through ESLint itself: the demo server imports nothing of the console, the
 * services nothing of the IPC layer above them, areas meet only through their
 * doors.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve('.') });

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe('the lint configuration', () => {
  it('refuses a demo-server import of the main process or the renderer', async () => {
    expect(await rulesBroken('src/demo-server/routes/help/help.ts', "import { api } from '../../../main/services/platform/api/api-client';\nexport const x = api;\n")).toContain('no-restricted-imports');
    expect(await rulesBroken('src/demo-server/routes/help/help.ts', "import { App } from '../../../renderer/src/app/App';\nexport const x = App;\n")).toContain('no-restricted-imports');
    expect(await rulesBroken('src/demo-server/routes/help/help.ts', "import { HELP_MESSAGES } from '../../../shared/rules/help';\nexport const x = HELP_MESSAGES;\n")).toEqual([]);
  }, 30_000);

  it('refuses a services import of the IPC layer or the composition root', async () => {
    expect(await rulesBroken('src/main/services/backup/browser-service.ts', "import { registerHandlers } from '../../ipc/handlers';\nexport const x = registerHandlers;\n")).toContain('no-restricted-imports');
    expect(await rulesBroken('src/main/services/backup/browser-service.ts', "import { createAppServices } from '../../app-services';\nexport const x = createAppServices;\n")).toContain('no-restricted-imports');
  }, 30_000);

  it('refuses an area reaching into another area, in main and in shared', async () => {
    expect(await rulesBroken('src/main/services/tickets/reads.ts', "import { TICKETING_API_PATHS } from '../ticketing/ticketing-api';\nexport const x = TICKETING_API_PATHS;\n")).toContain('areas/area-doors');
    expect(await rulesBroken('src/shared/rules/restore/index.ts', "import { previewKindOf } from '../backup/preview';\nexport const x = previewKindOf;\n")).toContain('areas/area-doors');
    expect(await rulesBroken('src/main/services/tickets/reads.ts', "import { TICKETING_API_PATHS } from '../ticketing';\nexport const x = TICKETING_API_PATHS;\n")).toEqual([]);
  }, 30_000);

  it('refuses a renderer feature reaching into another feature', async () => {
    expect(await rulesBroken('src/renderer/src/features/tickets/TicketPage.tsx', "import { TriggerDialog } from '../ticketing/TriggerDialog';\nexport const x = TriggerDialog;\n")).toContain('layering/feature-doors');
  }, 30_000);

  it("refuses a contract call outside an area's client module", async () => {
    const call = "import { api } from '../../core/api';\nexport const load = () => api.call('admin.tasks.list', {});\n";
    expect(await rulesBroken('src/renderer/src/features/admin/tasks/TasksScreen.tsx', call.replace('../../core', '../../../core'))).toContain('no-restricted-syntax');
    expect(await rulesBroken('src/renderer/src/features/admin/client.ts', call)).toEqual([]);
  }, 30_000);
});
