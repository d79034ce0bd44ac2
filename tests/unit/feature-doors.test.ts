/** The renderer's layering rule: features meet only through their index.ts; core and components import no feature or shell. */
import { resolve } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { featureDoors } from '../../scripts/eslint/feature-doors.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never, ecmaVersion: 2022, sourceType: 'module' } });
const at = (path: string) => resolve('src/renderer/src', path);

tester.run('feature-doors', featureDoors, {
  valid: [
    { filename: at('features/backup/BackupBrowser.tsx'), code: "import { RestoreDialog } from '../restore';" },
    { filename: at('features/backup/BackupBrowser.tsx'), code: "import { RestoreDialog } from '../restore/index';" },
    { filename: at('features/backup/BackupBrowser.tsx'), code: "import { useListing } from './use-listing';" },
    { filename: at('features/backup/index.ts'), code: "import type { Feature } from '../../app/feature';" },
    { filename: at('features/backup/BackupBrowser.tsx'), code: "import { api } from '../../core/api';" },
    { filename: at('app/App.tsx'), code: "import { SignInScreen } from '../features/session';" },
    { filename: at('components/Details.tsx'), code: "import { presentError } from '../core/toaster';" },
  ],
  invalid: [
    { filename: at('features/backup/BackupBrowser.tsx'), code: "import { RestoreDialog } from '../restore/RestoreDialog';", errors: [{ messageId: 'door' }] },
    { filename: at('features/restore/ActivityView.tsx'), code: "export { DownloadRow } from '../downloads/DownloadsPanel';", errors: [{ messageId: 'door' }] },
    { filename: at('features/help/HelpPanel.tsx'), code: "import { Header } from '../../app/Header';", errors: [{ messageId: 'shell' }] },
    { filename: at('components/BackupChoices.tsx'), code: "import { DevicePage } from '../features/backup';", errors: [{ messageId: 'lower' }] },
    { filename: at('core/toaster.ts'), code: "import { FEATURES } from '../app/features';", errors: [{ messageId: 'lower' }] },
  ],
});
