/**
 * Issue 16 (§2.5 viewer with download): the name an inline image is offered
 * under is the server's (untrusted) name made safe for Windows and macOS,
 * with the fetched image's extension when it has none.
 */
import { describe, expect, it } from 'vitest';
import { downloadName } from '../../src/main/services/ticketing/workspace-images';

describe('the downloaded image name', () => {
  it('keeps a safe name as it is', () => {
    expect(downloadName('printer status.png', 'image/png')).toBe('printer status.png');
  });

  it('keeps only the last path segment and replaces what Windows refuses', () => {
    expect(downloadName('../../C:\\Users\\x\\scan:1?.jpeg', 'image/jpeg')).toBe('scan_1_.jpeg');
    expect(downloadName('a<b>|c*.gif', 'image/gif')).toBe('a_b__c_.gif');
  });

  it('adds the fetched type as the extension when the name has none, and names a nameless image', () => {
    expect(downloadName('screenshot', 'image/png')).toBe('screenshot.png');
    expect(downloadName('', 'image/jpeg')).toBe('image.jpeg');
    expect(downloadName('CON', 'image/png')).toMatch(/^_CON\.png$/i);
  });
});
