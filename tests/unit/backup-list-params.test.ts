/** The date and revision lists ask for 100 a page, filtered by onCloud and upsyncedData alike. */
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/main/services/platform/api/api-client';
import { BackupApi } from '../../src/main/services/backup/backup-api';

function recordingApi() {
  const calls: Array<{ path: string; params: Record<string, string> }> = [];
  const client = {
    getJson: async (path: string, _schema: unknown, options?: { searchParams?: URLSearchParams }) => {
      calls.push({ path, params: Object.fromEntries(options?.searchParams ?? []) });
      return { results: [], totalElements: 0, totalPages: 0, skipped: 0 };
    },
  } as unknown as ApiClient;
  return { api: new BackupApi(() => client), calls };
}

describe('date and revision list parameters', () => {
  it('cloud only: both §7 search parameters, one value', async () => {
    const { api, calls } = recordingApi();
    await api.jobs(1, 'plan', 0, 100, true);
    await api.listFileRevisions(1, 'plan', 'file', 2, 100, true);
    expect(calls.map((c) => c.params)).toEqual([
      { page: '0', size: '100', onCloud: 'true', upsyncedData: 'true' },
      { page: '2', size: '100', onCloud: 'true', upsyncedData: 'true' },
    ]);
    expect(calls[0]!.path).toBe('backup/lockhart/nodes/1/plans/plan/jobs');
    expect(calls[1]!.path).toBe('backup/lockhart/nodes/1/plans/plan/files/file/revisions');
  });

  it('restores read wherever the data is: no cloud filter', async () => {
    const { api, calls } = recordingApi();
    await api.jobs(1, 'plan', 0, 100);
    await api.listFileRevisions(1, 'plan', 'file', 0, 100, false);
    expect(calls.map((c) => c.params)).toEqual([
      { page: '0', size: '100' },
      { page: '0', size: '100' },
    ]);
  });
});
