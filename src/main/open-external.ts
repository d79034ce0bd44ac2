/**
 * THE one place that calls Electron's shell.openExternal (tests/unit/open-external-guard.test.ts checks that no other file does).
 * Every caller (links from the renderer, the help academy, new-window requests,
 * the browser sign-in page) comes through here and through the decision in
 * services/session/external-open.ts.
 */
import { shell } from 'electron';
import { AppError } from '../shared/errors';
import { decideExternalOpen, type ExternalOpenPurpose } from './services/session/external-open';

export async function openExternalGuarded(url: string, purpose: ExternalOpenPurpose = { kind: 'link' }): Promise<void> {
  const decision = decideExternalOpen(url, purpose);
  if (!decision.allowed) throw new AppError('FORBIDDEN', decision.message);
  await shell.openExternal(decision.url, { activate: true });
}
