/**
 * The help feature's door: the help panel and its header button, the help
 * context kept current while signed in, and the backup get-started page
 * (a device without backup, or the panel's link).
 */
import { createElement } from 'react';
import type { Feature } from '../../app/feature';
import { matchRoute } from '../../core/router';
import { BackupGetStarted } from './BackupGetStarted';
import { HelpButton } from './HelpButton';
import { useHelpContextSync } from './help-state';
import { HelpPanel } from './HelpPanel';

export { deviceGetStartedRoute } from './BackupGetStarted';

function HelpSync() {
  useHelpContextSync();
  return null;
}

export const helpFeature: Feature = {
  id: 'help',
  screens: [
    {
      id: 'backup-get-started',
      // The help panel's link (page getStarted of backup/:page), for a device or the system.
      match: (route) => matchRoute('/deviceDashboard/:nodeId/backup/getStarted', route) ?? (route.split('?')[0] === '/systemDashboard/backup/getStarted' ? {} : null),
      render: (params) => {
        const nodeId = Number.parseInt(params.nodeId ?? '', 10);
        return createElement(BackupGetStarted, { nodeId: Number.isInteger(nodeId) ? nodeId : undefined });
      },
    },
  ],
  Sync: HelpSync,
  Overlay: HelpPanel,
  HeaderButton: HelpButton,
};
