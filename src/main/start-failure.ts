/**
 * What the technician sees when the Electron app cannot start: a native error box with a clear sentence, then the app quits, so
 * that no windowless process keeps holding the single-instance lock (every
 * later launch would silently focus nothing). Electron-free so that a unit test
 * checks the wording; src/main/index.ts shows it with dialog.showErrorBox.
 */
import { DataFolderInUseError } from './services/platform/data-lock';

interface StartFailureDialog {
  title: string;
  content: string;
}

const MAX_DETAIL_LENGTH = 300;

/**
 * The error's own message, made safe to show: no query strings (they can carry
 * codes or tokens), no header-like `Name: value` credentials, bounded length.
 */
export function safeDetail(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const cleaned = raw
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#"']*)[?#][^\s"']*/gi, '$1')
    .replace(/\b(proxy-authorization|authorization|set-cookie|cookie|x-[a-z-]*(?:token|key|secret))\s*[:=]\s*(?:(?:bearer|basic)\s+)?\S+/gi, '$1: [removed]')
    .replace(/\b(client_secret|refresh_token|access_token|id_token|code_verifier|password)\s*[:=]\s*\S+/gi, '$1=[removed]')
    .replace(/\bbearer\s+[\w.~+/-]+=*/gi, 'Bearer [removed]')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > MAX_DETAIL_LENGTH ? `${cleaned.slice(0, MAX_DETAIL_LENGTH - 1)}…` : cleaned;
}

export function startFailureDialog(error: unknown): StartFailureDialog {
  const title = 'RMM Technician Console could not start';
  if (error instanceof DataFolderInUseError) return { title: 'RMM Technician Console is already running', content: error.message };
  const detail = safeDetail(error);
  return {
    title,
    content:
      'The console could not start and will close now.' +
      (detail ? `\n\nWhat went wrong: ${detail}` : '') +
      '\n\nTry starting it again. If this keeps happening, restart the computer or reinstall the console.',
  };
}
