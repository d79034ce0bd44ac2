/** The "from the internet" mark written on a finished download, with fake file and process functions. */
import { describe, expect, it } from 'vitest';
import { internetMarkFor, quarantineValue, zoneIdentifierContent, type InternetMarkDeps } from '../../src/main/services/platform/files/internet-mark';

function fakes(): InternetMarkDeps & { written: Array<[string, string]>; executed: Array<[string, readonly string[]]> } {
  const written: Array<[string, string]> = [];
  const executed: Array<[string, readonly string[]]> = [];
  return {
    written,
    executed,
    writeFile: async (path, data) => void written.push([path, data]),
    execFile: async (command, args) => void executed.push([command, args]),
    now: () => Date.parse('2026-11-20T02:00:00Z'),
  };
}

describe('internetMarkFor', () => {
  it('Windows: a Zone.Identifier stream with ZoneId=3 and the instance origin only', async () => {
    const deps = fakes();
    await internetMarkFor('win32', deps)('C:\\Users\\tech\\Downloads\\report.docx', 'https://rmm.example.com:8443/api/x?token=secret');
    expect(deps.written).toEqual([['C:\\Users\\tech\\Downloads\\report.docx:Zone.Identifier', '[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=https://rmm.example.com:8443\r\n']]);
    expect(deps.executed).toEqual([]);
  });

  it('macOS: xattr -w com.apple.quarantine with flags, hex seconds and the console as agent, without a shell', async () => {
    const deps = fakes();
    await internetMarkFor('darwin', deps)('/Users/tech/Downloads/setup.pkg', 'https://rmm.example.com');
    const seconds = (Date.parse('2026-11-20T02:00:00Z') / 1000).toString(16);
    expect(deps.executed).toEqual([['/usr/bin/xattr', ['-w', 'com.apple.quarantine', `0081;${seconds};RMM Technician Console;`, '/Users/tech/Downloads/setup.pkg']]]);
    expect(deps.written).toEqual([]);
  });

  it('Linux: nothing', async () => {
    const deps = fakes();
    await internetMarkFor('linux', deps)('/home/tech/Downloads/a.sh', 'https://rmm.example.com');
    expect(deps.written).toEqual([]);
    expect(deps.executed).toEqual([]);
  });

  it('never writes a URL path, query or credentials into the mark', () => {
    expect(zoneIdentifierContent('https://user:pw@rmm.example.com/oauth?code=abc')).toBe('[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=https://rmm.example.com\r\n');
    expect(zoneIdentifierContent('not a url')).toBe('[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=\r\n');
    expect(quarantineValue(0)).toBe('0081;00000000;RMM Technician Console;');
  });
});
