/**
 * The platform's "from the internet" mark on a finished download (DESIGN.md "Security rules"), so that Windows SmartScreen / Office
 * Protected View and macOS Gatekeeper treat it like any other download:
 * - Windows: the `Zone.Identifier` alternate data stream, ZoneId=3 (Internet)
 *   and HostUrl = the instance's origin;
 * - macOS: the `com.apple.quarantine` extended attribute, set with `xattr -w`
 *   (execFile with arguments, never a shell);
 * - elsewhere: nothing (Linux desktops have no such mark).
 * The I/O comes in as small functions so the content written is unit-tested.
 */
import { execFile as nodeExecFile } from 'node:child_process';
import { writeFile as nodeWriteFile } from 'node:fs/promises';
import { originOf } from '../api/redirect-policy';

/** Marks `file` as downloaded from `origin` (scheme://host[:port], never a path or query). */
export type MarkFromInternet = (file: string, origin: string) => Promise<void>;

export interface InternetMarkDeps {
  writeFile(path: string, data: string): Promise<void>;
  execFile(command: string, args: readonly string[]): Promise<void>;
  now(): number;
}

const QUARANTINE_AGENT = 'RMM Technician Console';

/** The Zone.Identifier stream's content: the Internet zone and where the file came from. */
export function zoneIdentifierContent(origin: string): string {
  // Only scheme, host and port: no path, query or credentials ever reach the mark (they may carry tokens).
  return `[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=${originOf(origin) ?? ''}\r\n`;
}

/**
 * `flags;hex seconds;agent;` — 0081 is what browsers write for a download the
 * user has not opened yet (0x0001 "quarantined", 0x0080 "downloaded").
 */
export function quarantineValue(nowMs: number): string {
  return `0081;${Math.floor(nowMs / 1000).toString(16).padStart(8, '0')};${QUARANTINE_AGENT};`;
}

const realDeps: InternetMarkDeps = {
  writeFile: (path, data) => nodeWriteFile(path, data, { encoding: 'utf8' }),
  execFile: (command, args) =>
    new Promise((resolve, reject) => {
      nodeExecFile(command, [...args], { timeout: 10_000, windowsHide: true }, (error) => (error ? reject(error) : resolve()));
    }),
  now: Date.now,
};

/** The mark for `platform` (the default: the one this process runs on). */
export function internetMarkFor(platform: NodeJS.Platform = process.platform, deps: InternetMarkDeps = realDeps): MarkFromInternet {
  switch (platform) {
    case 'win32':
      return (file, origin) => deps.writeFile(`${file}:Zone.Identifier`, zoneIdentifierContent(origin));
    case 'darwin':
      return (file) => deps.execFile('/usr/bin/xattr', ['-w', 'com.apple.quarantine', quarantineValue(deps.now()), file]);
    default:
      return async () => undefined;
  }
}
