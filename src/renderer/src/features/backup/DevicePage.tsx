/**
 * A device's backup page: Browse (the backup browser) and Activity (its
 * restore jobs and downloads). Routes `/deviceDashboard/:id/backup/browse`
 * and `/deviceDashboard/:id/backup/activity`, in the RMM's scheme so help
 * articles follow the technician.
 */
import './DevicePage.css';
import { Tab, TabPanel, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import type { RestoreJob } from '../../../../shared/model/restore';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';
import { presentError } from '../../core/toaster';
import { ActivityView, JobProgressDialog } from '../restore';
import { BackupBrowser } from './BackupBrowser';
import { ARROW_KEYS } from '../../components/tab-keys';

export type DevicePageTab = 'browse' | 'activity';

function devicePageRoute(nodeId: number, tab: DevicePageTab): string {
  return `/deviceDashboard/${nodeId}/backup/${tab}`;
}

export function DevicePage({ nodeId, tab }: { nodeId: number; tab: DevicePageTab }) {
  const device = useQuery('devices.open', { nodeId }, (e) => presentError(e, { key: 'device' }));
  const [progressJob, setProgressJob] = useState<RestoreJob | null>(null);
  const [jobsVersion, setJobsVersion] = useState(0);
  const deviceName = device.data?.displayName ?? `Device ${nodeId}`;
  return (
    <div className="device-page">
      <Tabs id="device-page-tabs" selectedTabId={tab} onChange={(id) => navigate(devicePageRoute(nodeId, id as DevicePageTab))} className="device-tabs">
        <Tab {...ARROW_KEYS} id="browse" title="Browse" icon="folder-open" />
        <Tab {...ARROW_KEYS} id="activity" title="Activity" icon="history" />
      </Tabs>
      {/* The browser stays mounted behind Activity so its place (breadcrumb, selection) is kept.
          Both panels always exist, so each tab's aria-controls names a real element. */}
      <TabPanel
        id="browse"
        parentId="device-page-tabs"
        selectedTabId={tab}
        className="device-page-panel"
        panel={
          <BackupBrowser
            nodeId={nodeId}
            device={device}
            onRestoreCreated={(job) => {
              setProgressJob(job);
              setJobsVersion((v) => v + 1);
            }}
          />
        }
      />
      <TabPanel
        id="activity"
        parentId="device-page-tabs"
        selectedTabId={tab}
        panel={<>{tab === 'activity' && <ActivityView nodeId={nodeId} deviceName={deviceName} refreshKey={jobsVersion} />}</>}
      />
      {progressJob && <JobProgressDialog jobUID={progressJob.jobUID} deviceName={deviceName} onClose={() => setProgressJob(null)} />}
    </div>
  );
}
