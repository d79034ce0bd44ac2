/** The app shell's contract calls: what it reads at start, the theme it saves, signing out. */
import type { CallInput, CallOutput } from '../../../shared/contract';
import { api } from '../core/api';
import { write } from '../core/data/cache';

/** The session, the settings and what the console is, read together at start. */
export function readStartup(): Promise<[CallOutput<'session.get'>, CallOutput<'settings.get'>, CallOutput<'app.info'>]> {
  return Promise.all([api.call('session.get', {}), api.call('settings.get', {}), api.call('app.info', {})]);
}

/** Notices from the start (a database moved aside or kept in memory). */
export function readStartNotices(): Promise<CallOutput<'app.notices'>> {
  return api.call('app.notices', {});
}

export function updateSettings(input: CallInput<'settings.update'>): Promise<CallOutput<'settings.update'>> {
  return write('settings.update', input, ['settings.get']);
}

/** Signs out (the shell then empties the cache: see App). */
export function signOut(): Promise<CallOutput<'session.signOut'>> {
  return api.call('session.signOut', {});
}
