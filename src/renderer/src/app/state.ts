/** App-wide state (jotai): the session, settings, and the current route. */
import { atom } from 'jotai';
import type { AppInfo } from '../../../shared/contract';
import type { SessionState } from '../../../shared/model/session';
import type { Settings } from '../../../shared/model/settings';

export const sessionAtom = atom<SessionState | null>(null);
export const settingsAtom = atom<Settings | null>(null);
export const appInfoAtom = atom<AppInfo | null>(null);
