/**
 * A device's activity: its restore jobs and the local downloads of its backup
 * data side by side (issue: restore jobs and downloads in one activity view).
 */
import './restore.css';
import { Classes, NonIdealState } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { downloadListAtom, DownloadRow } from '../downloads';
import { RestoreJobsTable } from './restore-jobs';

export function ActivityView({ nodeId, deviceName, refreshKey }: { nodeId: number; deviceName: string; refreshKey: number }) {
  const downloads = useAtomValue(downloadListAtom).filter((d) => d.request.nodeId === nodeId);
  return (
    <div className="activity-view" data-testid="activity-view">
      {/* The screen's h1 while the browser (which names the device) is hidden. */}
      <h1 className={`${Classes.HEADING} page-title activity-title`}>{deviceName}: activity</h1>
      <RestoreJobsTable nodeId={nodeId} deviceName={deviceName} refreshKey={refreshKey} />
      <section className="activity-section" aria-label="Downloads of this device">
        <h2 className={`${Classes.HEADING} section-title`}>Downloads</h2>
        {downloads.length === 0 ? (
          <NonIdealState icon="download" description="No downloads from this device." />
        ) : (
          <ul className="download-list">
            {[...downloads].reverse().map((item) => (
              <DownloadRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
