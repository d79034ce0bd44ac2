/**
 * A trigger's or ruleset's earlier versions: every save
 * from the console kept the version it replaced (in SQLite, per instance).
 * Picking one shows what changed since, field by field; 'Restore this
 * version' saves it as the current one (which keeps the replaced one too, so
 * a restore can itself be undone); where the editor can show one read-only,
 * 'View this version' opens it there.
 */
import './editors.css';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, Intent, Menu, MenuItem, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { HistoryKind, HistoryVersion } from '../../../../shared/model/ticketing';
import { fieldDiff } from '../../../../shared/rules/ticketing/diff';
import { useQuery } from '../../core/data/use-query';
import { presentError, toastSuccess } from '../../core/toaster';
import { formatDate } from '../../components/format';
import { restoreVersion } from './client';

/** The diff leaves out what is not the technician's (ids, the system flag, attachments). */
const IGNORED = /^(id|system|attachments)(\.|$)/;

export function HistoryDialog({ kind, id, current, onRestored, onClose, onView }: { kind: HistoryKind; id: number; current: unknown; onRestored(): void; onClose(): void; onView?(version: HistoryVersion): void }) {
  const history = useQuery('ticketing.history', { kind, id }, (error) => presentError(error, { key: 'history' }));
  const [picked, setPicked] = useState<HistoryVersion | null>(null);
  const [restoring, setRestoring] = useState(false);
  const changes = useMemo(() => (picked ? fieldDiff(picked.data, current).filter((c) => !IGNORED.test(c.path)) : []), [picked, current]);
  const restore = async () => {
    if (!picked) return;
    setRestoring(true);
    try {
      await restoreVersion({ kind, id, versionId: picked.versionId });
      toastSuccess('Version restored', 'history-restore');
      onRestored();
    } catch (error) {
      presentError(error, { key: 'history-restore' });
    } finally {
      setRestoring(false);
    }
  };
  const versions = history.data ?? [];
  return (
    <Dialog isOpen title="History" onClose={onClose} className="history-dialog" style={{ width: 860 }}>
      <DialogBody>
        {history.loading && !history.data ? (
          <Spinner aria-label="Loading the history" />
        ) : history.error ? (
          <Callout intent={Intent.DANGER}>{history.error.message}</Callout>
        ) : versions.length === 0 ? (
          <NonIdealState icon="history" title="No earlier versions" description="Each save from this console keeps the version it replaces." />
        ) : (
          <div className="history-layout">
            <Menu aria-label="Earlier versions" className="history-versions">
              {versions.map((v) => (
                <MenuItem key={v.versionId} text={formatDate(new Date(v.savedAt).toISOString())} label={v.name} active={picked?.versionId === v.versionId} onClick={() => setPicked(v)} />
              ))}
            </Menu>
            <div className="history-diff">
              {!picked ? (
                <p className={Classes.TEXT_MUTED}>Pick a version to see what changed since.</p>
              ) : changes.length === 0 ? (
                <p>Nothing changed since this version.</p>
              ) : (
                <HTMLTable compact striped aria-label="Changes since this version">
                  <thead>
                    <tr>
                      <th>Field</th>
                      <th>This version</th>
                      <th>Now</th>
                    </tr>
                  </thead>
                  <tbody>
                    {changes.map((c) => (
                      <tr key={c.path}>
                        <td>{c.path}</td>
                        <td>{c.before}</td>
                        <td>{c.after}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
            </div>
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={onClose} />
            {onView && <Button icon="eye-open" text="View this version" disabled={!picked} onClick={() => picked && onView(picked)} />}
            <Button intent={Intent.PRIMARY} icon="undo" text="Restore this version" disabled={!picked} loading={restoring} onClick={() => void restore()} />
          </>
        }
      />
    </Dialog>
  );
}
