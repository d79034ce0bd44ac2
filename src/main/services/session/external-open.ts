/**
 * What the system browser may be asked to open (DESIGN.md "Security rules";
 * Every shell.openExternal goes through one guarded
 * function, src/main/open-external.ts, which asks this decision first).
 *
 * - a link: an https URL on the allow-list (Electron security checklist:
 *   openExternal only with trusted content);
 * - a browser sign-in: exactly the authorize endpoint of the instance being
 *   signed in to (its https origin, or http on loopback for a local demo), with
 *   the code flow's redirect back to the console's loopback receiver. Never an
 *   arbitrary URL, and never a file:, javascript: or custom-scheme one.
 */
import type { OpenExternalResult } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import { isAllowedExternalUrl } from '../../../shared/rules/platform/external-links';
import { checkInstanceUrl } from '../../../shared/rules/session/instance-url';
import { AUTHORIZE_PATH } from './oauth-client';

export type ExternalOpenPurpose = { kind: 'link' } | { kind: 'sign-in'; /** The instance base URL being signed in to. */ instance: string };

type ExternalOpenDecision = { allowed: true; url: string } | { allowed: false; message: string };

export const LINK_REFUSED_MESSAGE = 'This link is not on the list of sites the console may open.';
export const SIGN_IN_REFUSED_MESSAGE = 'The sign-in page of this instance could not be opened safely.';

function parse(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

function isLoopbackRedirect(raw: string | null): boolean {
  const url = raw === null ? null : parse(raw);
  return url !== null && url.protocol === 'http:' && url.hostname === '127.0.0.1' && !url.username && !url.password;
}

function signInDecision(raw: string, instance: string): ExternalOpenDecision {
  const refused: ExternalOpenDecision = { allowed: false, message: SIGN_IN_REFUSED_MESSAGE };
  const checked = checkInstanceUrl(instance);
  const url = parse(raw);
  if (!checked.ok || url === null) return refused;
  if (url.username || url.password || url.hash) return refused;
  if (`${url.protocol}//${url.host}${url.pathname}` !== `${checked.url}${AUTHORIZE_PATH}`) return refused;
  if (url.searchParams.get('response_type') !== 'code' || !isLoopbackRedirect(url.searchParams.get('redirect_uri'))) return refused;
  return { allowed: true, url: url.toString() };
}

export function decideExternalOpen(url: string, purpose: ExternalOpenPurpose = { kind: 'link' }): ExternalOpenDecision {
  if (purpose.kind === 'sign-in') return signInDecision(url, purpose.instance);
  return isAllowedExternalUrl(url) ? { allowed: true, url } : { allowed: false, message: LINK_REFUSED_MESSAGE };
}

/**
 * A link the renderer asks to open (`shell.openExternal`): only an allow-listed
 * https URL; the main process opens it when it can (Electron), else it is handed
 * back for the renderer to open (browser mode).
 */
export async function openAllowedLink(url: string, open: ((url: string) => Promise<void>) | undefined): Promise<OpenExternalResult> {
  if (!isAllowedExternalUrl(url)) throw new AppError('FORBIDDEN', LINK_REFUSED_MESSAGE);
  if (!open) return { opened: false, url };
  await open(url);
  return { opened: true, url };
}
