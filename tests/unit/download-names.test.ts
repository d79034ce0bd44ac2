/** Download names come from what the console fetched, or the answer, never the request. */
import { describe, expect, it } from 'vitest';
import type { DownloadRequest } from '../../src/shared/model/downloads';
import type { BrowserRow } from '../../src/shared/model/backup/browser';
import { fileNameFromAnswer, KnownNames, nameFromContentDisposition, plannedFileName } from '../../src/main/services/downloads/download-names';

const revision = (name: string): DownloadRequest => ({ kind: 'revision', nodeId: 1, planUid: 'p', revisionId: 'f1_r0', name });
const fileRow = (id: string, name: string, type: 'FILE' | 'FOLDER' = 'FILE'): BrowserRow => ({
  kind: 'item',
  key: id,
  item: { id, name, path: `C:\\Data\\${name}`, type, deleted: false, backupSize: 0, size: 0, status: 'DEFINED' },
});

describe('KnownNames', () => {
  it('describes a download for its receipt from what was listed: the plan, the path and the backup date', () => {
    const names = new KnownNames();
    expect(names.describe(revision('x'))).toEqual({ planName: null, itemPath: null, backupDate: null });
    const plan = { uid: 'p', name: 'Daily files' } as unknown as Extract<BrowserRow, { kind: 'plan' }>['plan'];
    names.recordListing({ level: 'plans', nodeId: 1 }, [{ kind: 'plan', key: 'p', plan }]);
    names.recordListing({ level: 'files', nodeId: 1, planUid: 'p', folderId: 'd' }, [fileRow('f1', 'report.docx')]);
    names.recordRevisions(1, 'p', 'f1', [{ id: 'f1_r0', jobCreated: '2026-03-01T02:00:00Z' }]);
    expect(names.describe(revision('shown'))).toEqual({ planName: 'Daily files', itemPath: 'C:\\Data\\report.docx', backupDate: '2026-03-01T02:00:00Z' });
    const folder: DownloadRequest = { kind: 'folder', nodeId: 1, planUid: 'p', folderId: 'f1', jobId: 'j7', restoreDeleted: false, name: 'x' };
    names.recordJobs(1, 'p', [{ id: 'j7', created: '2026-02-01T00:00:00Z' }]);
    expect(names.describe(folder)).toEqual({ planName: 'Daily files', itemPath: 'C:\\Data\\report.docx', backupDate: '2026-02-01T00:00:00Z' });
    // Another session knows nothing of it.
    names.clear();
    expect(names.describe(folder)).toEqual({ planName: null, itemPath: null, backupDate: null });
  });

  it('names a revision after the listed file it belongs to, whatever the request says', () => {
    const names = new KnownNames();
    names.recordListing({ level: 'files', nodeId: 1, planUid: 'p', folderId: 'd' }, [fileRow('f1', 'report.docx')]);
    expect(names.nameOf(revision('x.exe'))).toBeNull(); // The revision was never listed.
    names.recordRevisions(1, 'p', 'f1', [{ id: 'f1_r0' }]);
    expect(names.nameOf(revision('../../evil.exe'))).toBe('report.docx');
    expect(plannedFileName(revision('x.exe'), names.nameOf(revision('x.exe')))).toEqual({ fileName: 'report.docx', settled: true });
    // Another device or plan does not share ids.
    expect(names.nameOf({ ...revision('x'), nodeId: 2 } as DownloadRequest)).toBeNull();
  });

  it('knows folders (zipped), search results inside a plan, and items of a mounted image', () => {
    const names = new KnownNames();
    names.recordListing({ level: 'folders', nodeId: 1, planUid: 'p', volumeId: 'v' }, [
      { kind: 'folder', key: 'd1', folder: { id: 'd1', name: 'Users', path: 'C:\\Users', type: 'FOLDER', deleted: false, status: 'DEFINED', cfid: '', latestRevisionCreatedAt: null, volumeId: 'v' } },
    ]);
    const folder: DownloadRequest = { kind: 'folder', nodeId: 1, planUid: 'p', folderId: 'd1', jobId: 'j', restoreDeleted: false, name: 'x.exe' };
    expect(plannedFileName(folder, names.nameOf(folder))).toEqual({ fileName: 'Users.zip', settled: true });

    names.recordSearch({ nodeId: 1, planUid: 'p', term: 'q', page: 0 }, [fileRow('f9', 'found.pdf')]);
    names.recordRevisions(1, 'p', 'f9', [{ id: 'f9_r3' }]);
    expect(names.nameOf({ ...revision('x'), revisionId: 'f9_r3' } as DownloadRequest)).toBe('found.pdf');

    names.recordListing({ level: 'mounted-files', nodeId: 1, planUid: 'img', revisionId: 'r', folder: '/Windows' }, [
      { kind: 'mounted', key: '/Windows/win.ini', path: '/Windows/win.ini', item: { name: 'win.ini', type: 'FILE', size: 1, modified: null } },
    ]);
    const image: DownloadRequest = { kind: 'image', nodeId: 1, planUid: 'img', revisionId: 'r', path: '/Windows/win.ini', type: 'FILE', name: 'x.exe' };
    expect(names.nameOf(image)).toBe('win.ini');
    names.clear();
    expect(names.nameOf(image)).toBeNull();
  });

  it('knows the results of a device-wide search under the plan each one was found in', () => {
    const names = new KnownNames();
    const found = (id: string, name: string, planUid: string) => ({ ...fileRow(id, name, id.startsWith('d') ? 'FOLDER' : 'FILE'), key: `${planUid}|${id}`, plan: { uid: planUid } }) as BrowserRow;
    names.recordSearch({ nodeId: 1, term: 'q', page: 0 }, [found('f7', 'quarterly.xlsx', 'p1'), found('d7', 'Invoices', 'p2')]);
    names.recordRevisions(1, 'p1', 'f7', [{ id: 'f7_r1' }]);
    expect(names.nameOf({ kind: 'revision', nodeId: 1, planUid: 'p1', revisionId: 'f7_r1', name: 'x.exe' })).toBe('quarterly.xlsx');
    const folder: DownloadRequest = { kind: 'folder', nodeId: 1, planUid: 'p2', folderId: 'd7', jobId: 'j', restoreDeleted: false, name: 'x.exe' };
    expect(plannedFileName(folder, names.nameOf(folder))).toEqual({ fileName: 'Invoices.zip', settled: true });
    // Only under its own plan: another plan's item with the same id is not named by it.
    expect(names.nameOf({ ...folder, planUid: 'p1' })).toBeNull();
  });

  it('without a record, a stand-in from the ids that no request can turn into a program', () => {
    expect(plannedFileName(revision('x.exe'), null)).toEqual({ fileName: 'revision-f1_r0', settled: false });
    const folder: DownloadRequest = { kind: 'folder', nodeId: 1, planUid: 'p', folderId: 'd/../1', jobId: 'j', restoreDeleted: false, name: 'x' };
    expect(plannedFileName(folder, null).fileName).toBe('folder-d_.._1-j.zip');
  });
});

describe('Content-Disposition (RFC 6266)', () => {
  it.each([
    [`attachment; filename="report.docx"`, 'report.docx'],
    [`attachment; filename=plain.txt`, 'plain.txt'],
    [`attachment; filename="fallback_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%F0%9F%93%88.txt`, 'résumé 📈.txt'],
    [`attachment; filename*=UTF-8''first.txt; filename="second.txt"`, 'first.txt'],
    [`attachment; filename*=iso-8859-1'en'caf%E9.txt`, 'café.txt'],
    [`attachment; filename="with \\"quotes\\".txt"`, 'with "quotes".txt'],
    [`attachment; filename*=UTF-8''bad%ZZ; filename="ok.txt"`, 'ok.txt'],
    [`attachment`, null],
    [`attachment; filename=""`, null],
  ])('%s → %j', (header, expected) => {
    expect(nameFromContentDisposition(header)).toBe(expected);
  });

  it('sanitizes the answer’s name and zips a folder', () => {
    expect(fileNameFromAnswer(revision('x'), { 'content-disposition': `attachment; filename*=UTF-8''..%2F..%2Fevil.exe` })).toBe('evil.exe');
    expect(fileNameFromAnswer(revision('x'), { 'content-disposition': `attachment; filename="CON"` })).toBe('_CON');
    const folder: DownloadRequest = { kind: 'folder', nodeId: 1, planUid: 'p', folderId: 'd', jobId: 'j', restoreDeleted: false, name: 'x' };
    expect(fileNameFromAnswer(folder, { 'content-disposition': `attachment; filename="Handoff"` })).toBe('Handoff.zip');
    expect(fileNameFromAnswer(revision('x'), {})).toBeNull();
  });
});
