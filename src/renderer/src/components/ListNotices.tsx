/**
 * What a list screen shows above its table: how many items of the answer
 * could not be read, and, when there is nothing to show, why the list could
 * not be loaded ('The <what> could not be loaded: <reason>'), with Retry
 * when the list can be read again.
 */
import { Button, Callout, Intent } from '@blueprintjs/core';
import { SkippedNotice } from './SkippedNotice';

interface LoadedList {
  data?: { skipped?: number } | undefined;
  error?: { message: string } | undefined;
  /** Reads the list again (Retry). */
  reload?: () => void;
}

export function ListNotices({ what, list }: { what: string; list: LoadedList }) {
  return (
    <>
      <SkippedNotice count={list.data?.skipped} />
      {list.error && !list.data && (
        <Callout intent={Intent.DANGER} icon="error" className="gap">
          The {what} could not be loaded: {list.error.message}
          {list.reload && <Button className="gap-left" size="small" icon="refresh" text="Retry" onClick={list.reload} />}
        </Callout>
      )}
    </>
  );
}
