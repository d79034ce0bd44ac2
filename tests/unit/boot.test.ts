/** Which boot of the machine a download's bytes were written on: what decides how much of a `.part` a restart trusts. */
import { describe, expect, it } from 'vitest';
import { currentBootId, sameBoot } from '../../src/main/services/platform/boot';

describe('the boot identity', () => {
  it('is stable within one boot and names the platform it comes from', () => {
    const first = currentBootId();
    expect(sameBoot(first, currentBootId())).toBe(true);
    if (process.platform === 'linux') expect(first).toMatch(/^linux:[0-9a-f-]+$/);
  });

  it('from the start time (macOS, Windows): readings a few seconds apart are the same boot, a later start is another', () => {
    const start = 1_800_000_000_000;
    const reading = (at: number) => currentBootId('darwin', at);
    const now = Date.now();
    expect(sameBoot(reading(now), reading(now + 1_500))).toBe(true);
    expect(sameBoot(`started:${start}`, `started:${start + 4_000}`)).toBe(true);
    // A reboot: the machine started again after the download was written.
    expect(sameBoot(`started:${start}`, `started:${start + 60_000}`)).toBe(false);
  });

  it('anything unknown or unreadable is never the same boot', () => {
    expect(sameBoot(null, 'linux:abc')).toBe(false);
    expect(sameBoot('linux:abc', null)).toBe(false);
    expect(sameBoot('linux:abc', 'linux:abd')).toBe(false);
    expect(sameBoot('started:x', 'started:x')).toBe(false);
    expect(sameBoot('linux:abc', 'started:1')).toBe(false);
  });
});
