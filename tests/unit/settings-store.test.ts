/** settings.json: defaults for a new data folder and for older files, values kept in range. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_UNKNOWN_SIZE_GB } from '../../src/shared/model/settings';
import type { BandwidthWindow } from '../../src/shared/rules/downloads/bandwidth-windows';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { tempDir } from '../helpers/temp';

describe('SettingsStore: maxUnknownSizeGb', () => {
  it('gives a settings.json written before the setting the 64 GiB default, and keeps an update', () => {
    const dir = tempDir('rmm-settings-');
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'light', cacheLimitMb: 512, parallelDownloads: 2, downloadLimitKBps: 0 }));
    const store = new SettingsStore(dir);
    expect(store.get()).toMatchObject({ theme: 'light', parallelDownloads: 2, maxUnknownSizeGb: DEFAULT_MAX_UNKNOWN_SIZE_GB });
    expect(DEFAULT_MAX_UNKNOWN_SIZE_GB).toBe(64);
    store.update({ maxUnknownSizeGb: 256 });
    expect(new SettingsStore(dir).get().maxUnknownSizeGb).toBe(256);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ maxUnknownSizeGb: 256 });
  });

  it('never reads an unbounded or nonsense limit from the file', () => {
    for (const bad of [0, -1, 1e9, 'lots', null]) {
      const dir = tempDir('rmm-settings-');
      writeFileSync(join(dir, 'settings.json'), JSON.stringify({ maxUnknownSizeGb: bad }));
      expect(new SettingsStore(dir).get().maxUnknownSizeGb).toBe(DEFAULT_MAX_UNKNOWN_SIZE_GB);
    }
  });
});

describe('SettingsStore: theme and locale (§9.4: a blue theme, locale en)', () => {
  it('starts a new data folder in the blue theme and in English', () => {
    const store = new SettingsStore(tempDir('rmm-settings-'));
    expect(store.get()).toMatchObject({ theme: 'blue', locale: 'en' });
  });

  it('keeps the theme a technician chose before, and gives an unknown one the default', () => {
    for (const chosen of ['dark', 'light', 'blue'] as const) {
      const dir = tempDir('rmm-settings-');
      writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: chosen, cacheLimitMb: 512, parallelDownloads: 2, downloadLimitKBps: 0 }));
      expect(new SettingsStore(dir).get()).toMatchObject({ theme: chosen, locale: 'en', parallelDownloads: 2 });
    }
    const dir = tempDir('rmm-settings-');
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'purple', locale: 'xx', parallelDownloads: 2 }));
    expect(new SettingsStore(dir).get()).toMatchObject({ theme: 'blue', locale: 'en', parallelDownloads: 2 });
  });
});

describe('SettingsStore: bandwidth windows', () => {
  const window: BandwidthWindow = { id: 'work', days: ['MON', 'FRI'], start: { hour: 8, minute: 0 }, end: { hour: 18, minute: 0 }, limitKBps: 20480 };

  it('has none in a new or older file, and keeps those saved', () => {
    const dir = tempDir('rmm-settings-');
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'light', downloadLimitKBps: 100 }));
    const store = new SettingsStore(dir);
    expect(store.get()).toMatchObject({ bandwidthWindows: [], downloadLimitKBps: 100, theme: 'light' });
    store.update({ bandwidthWindows: [window] });
    expect(new SettingsStore(dir).get().bandwidthWindows).toEqual([window]);
  });

  it('drops an odd window, not the others nor the rest of the settings', () => {
    const dir = tempDir('rmm-settings-');
    const odd = [
      { ...window, id: 'no-days', days: [] },
      { ...window, id: 'same-times', end: { hour: 8, minute: 0 } },
      { ...window, id: 'bad-day', days: ['FUNDAY'] },
      { ...window, id: 'negative', limitKBps: -5 },
      'nonsense',
      { ...window }, // the same id again
    ];
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark', parallelDownloads: 2, bandwidthWindows: [window, ...odd] }));
    expect(new SettingsStore(dir).get()).toMatchObject({ theme: 'dark', parallelDownloads: 2, bandwidthWindows: [window] });
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark', bandwidthWindows: 'lots' }));
    expect(new SettingsStore(dir).get()).toMatchObject({ theme: 'dark', bandwidthWindows: [] });
  });
});
