import { describe, expect, it } from 'vitest';
import { DataFolderInUseError } from '../../src/main/services/platform/data-lock';
import { safeDetail, startFailureDialog } from '../../src/main/start-failure';

describe('start failure dialog', () => {
  it('says another console holds the data folder, naming it', () => {
    const dialog = startFailureDialog(new DataFolderInUseError('/home/alex/.config/RMM Technician Console', 4242));
    expect(dialog).toEqual({
      title: 'RMM Technician Console is already running',
      content: 'Another RMM Technician Console is already using /home/alex/.config/RMM Technician Console. Close it first. If none is open, delete /home/alex/.config/RMM Technician Console/console.lock.',
    });
  });

  it('says the console will close and what went wrong, in a sentence', () => {
    const dialog = startFailureDialog(new Error('EACCES: permission denied, open package.json'));
    expect(dialog.title).toBe('RMM Technician Console could not start');
    expect(dialog.content).toMatch(/^The console could not start and will close now\.\n\nWhat went wrong: EACCES: permission denied, open package\.json\n\nTry starting it again\./);
  });

  it('never shows query strings, tokens or header values from an error', () => {
    const detail = safeDetail(
      new Error('Request to https://rmm.example.com/ws/oauth/token?code=abc123&client_secret=s3cr3t failed; Authorization: Bearer eyJhbGciOi.payload.sig'),
    );
    expect(detail).toContain('https://rmm.example.com/ws/oauth/token');
    expect(detail).not.toMatch(/abc123|s3cr3t|eyJhbGciOi/);
  });

  it('keeps a long message short and shows nothing for a non-error', () => {
    expect(safeDetail(new Error('x'.repeat(2000))).length).toBeLessThanOrEqual(300);
    expect(startFailureDialog({ weird: true }).content).not.toContain('What went wrong');
  });
});
