/** Areas in main and shared meet only through their doors; platform/ imports no area. */
import { resolve } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { areaDoors, placeOf } from '../../scripts/eslint/area-doors.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never, ecmaVersion: 2022, sourceType: 'module' } });
const at = (path: string) => resolve(path);

describe('placeOf', () => {
  it('names the layer, the area and whether a file is its door', () => {
    expect(placeOf(at('src/main/services/tickets/reads.ts'))).toEqual({ layer: 'src/main/services', area: 'tickets', door: false });
    expect(placeOf(at('src/main/services/tickets/index.ts'))).toEqual({ layer: 'src/main/services', area: 'tickets', door: true });
    expect(placeOf(at('src/main/services/tickets'))).toEqual({ layer: 'src/main/services', area: 'tickets', door: true });
    expect(placeOf(at('src/shared/rules/psa/auto-map.ts'))).toEqual({ layer: 'src/shared/rules', area: 'psa', door: false });
    expect(placeOf(at('src/shared/contract/common.ts'))).toEqual({ layer: 'src/shared/contract', area: null, door: false });
    expect(placeOf(at('src/main/ipc/handlers/backup.ts'))).toEqual({ layer: 'src/main/ipc/handlers', area: 'backup', door: true });
    expect(placeOf(at('src/main/ipc/handlers/index.ts'))).toEqual({ layer: 'src/main/ipc/handlers', area: null, door: true });
    expect(placeOf(at('src/renderer/src/features/backup/index.ts'))).toBeNull();
  });
});

tester.run('area-doors', areaDoors, {
  valid: [
    // within an area, in any layer
    { filename: at('src/main/services/tickets/reads.ts'), code: "import { knownTickets } from './known';" },
    { filename: at('src/main/services/tickets/reads.ts'), code: "import { replyRules } from '../../../shared/rules/tickets/reply';" },
    // another area through its door
    { filename: at('src/main/services/tickets/reads.ts'), code: "import type { TicketingService } from '../ticketing';" },
    { filename: at('src/main/services/tickets/reads.ts'), code: "import type { TicketingService } from '../ticketing/index';" },
    { filename: at('src/shared/contract/tickets/index.ts'), code: "import type { Trigger } from '../../model/ticketing';" },
    // platform, from anywhere
    { filename: at('src/main/services/psa/psa-service.ts'), code: "import { keptOr } from '../platform/api/refusals';" },
    { filename: at('src/main/ipc/handlers/backup.ts'), code: "import { ListingCache } from '../../services/backup/cache/listing-cache';" },
    // a layer's own files and the composition root are no area
    { filename: at('src/shared/contract/index.ts'), code: "import { ticketsContract } from './tickets/deep';" },
    { filename: at('src/main/app-services.ts'), code: "import { SessionService } from './services/session/session-service';" },
  ],
  invalid: [
    { filename: at('src/main/services/tickets/reads.ts'), code: "import { ticketingApi } from '../ticketing/ticketing-api';", errors: [{ messageId: 'door' }] },
    { filename: at('src/main/services/admin/admin-calls.ts'), code: "import { cleanText } from '../psa/psa-read';", errors: [{ messageId: 'door' }] },
    { filename: at('src/shared/rules/restore/index.ts'), code: "export { previewKindOf } from '../backup/preview';", errors: [{ messageId: 'door' }] },
    { filename: at('src/main/ipc/handlers/settings.ts'), code: "import { ListingCache } from '../../services/backup/cache/listing-cache';", errors: [{ messageId: 'door' }] },
    { filename: at('src/main/services/restore/restore-service.ts'), code: "const m = import('../backup/browser-service');", errors: [{ messageId: 'door' }] },
    { filename: at('src/main/services/platform/api/api-client.ts'), code: "import { SessionService } from '../../session';", errors: [{ messageId: 'platform' }] },
    { filename: at('src/shared/rules/platform/attachments.ts'), code: "import { HELP_MESSAGES } from '../help';", errors: [{ messageId: 'platform' }] },
  ],
});
