/** §1, §6: technicians see that large restores are better done from the Manage Backup console, with 'More Information'. */
import './restore.css';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { LARGE_RESTORE_INFO_URL } from '../../../../shared/rules/platform/external-links';
import { presentError } from '../../core/toaster';
import { openExternalUrl } from './client';

/** Opens an allow-listed link: the main process opens it in Electron; browser mode opens a new tab. */
export async function openExternalLink(url: string): Promise<void> {
  try {
    const result = await openExternalUrl({ url });
    if (!result.opened) window.open(result.url, '_blank', 'noopener,noreferrer');
  } catch (error) {
    presentError(error);
  }
}

export function LargeRestoreAdvice() {
  return (
    <Callout intent={Intent.PRIMARY} icon="info-sign" className="large-restore-advice" data-testid="large-restore-advice">
      Restoring a lot of data? Large restores are better done from the Manage Backup console.{' '}
      <Button variant="minimal" intent={Intent.PRIMARY} size="small" onClick={() => void openExternalLink(LARGE_RESTORE_INFO_URL)}>
        More Information
      </Button>
    </Callout>
  );
}
