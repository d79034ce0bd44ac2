/** Link rules of the spec (section 5, "Rich-text editor"): validator, protocol allow-list, autolinks. */
import { ALLOWED_LINK_PROTOCOLS, BLOCKED_LINK_HREF, DEFAULT_LINK_URL } from './constants';

const VALID_URL = /^(?:https?|ftp):\/\/\S+$/i;

/** The validator accepts the default URL, or http, https and ftp URLs with no whitespace. */
export function isValidLinkUrl(url: string): boolean {
  return url === DEFAULT_LINK_URL || VALID_URL.test(url);
}

/** Hrefs with protocols outside http, https, mailto, sms and tel become about:blank. */
export function sanitizeLinkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not an absolute URL (relative or incomplete, such as the bare default 'https://'): nothing to run.
    return url;
  }
  return (ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(parsed.protocol) ? url : BLOCKED_LINK_HREF;
}

/**
 * Whether the text starts with a URL scheme. 'localhost:3000' and
 * 'example.com:8080/x' are a host and a port, not a scheme.
 */
export function hasProtocol(url: string): boolean {
  const match = /^([a-z][a-z\d+.-]*):(.*)$/is.exec(url);
  if (!match) return false;
  const [, scheme, rest] = match as unknown as [string, string, string];
  return !scheme.includes('.') && !/^\d+(?:[/?#]|$)/.test(rest);
}

/** URLs without a protocol get https:// prepended; the result passes the protocol allow-list. */
export function normalizeLinkHref(input: string): string {
  const url = input.trim();
  if (url === '') return url;
  if (url.startsWith('//')) return sanitizeLinkUrl(`https:${url}`);
  return sanitizeLinkUrl(hasProtocol(url) ? url : `https://${url}`);
}

/** What the link editor accepts as input: something, with no whitespace inside. */
export function isAcceptableLinkInput(input: string): boolean {
  const url = input.trim();
  return url !== '' && !/\s/.test(url);
}

// Autolink matchers: web URLs (with a scheme or starting with www.) and e-mail addresses.
const URL_MATCHER = /((https?:\/\/(www\.)?)|(www\.))[-a-zA-Z0-9@:%._+~#=]{1,256}\.[a-zA-Z0-9()]{1,6}\b([-a-zA-Z0-9()@:%_+.~#?&/=]*)/g;
const EMAIL_MATCHER =
  /(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))/g;

export interface AutolinkMatch {
  /** Offsets in the scanned text, end exclusive. */
  start: number;
  end: number;
  text: string;
  href: string;
}

/** Trailing punctuation that ends a sentence rather than the URL. */
function trimTrailingPunctuation(text: string): string {
  let out = text.replace(/[.,;:!?'"]+$/, '');
  // A closing parenthesis belongs to the URL only when it has its opening one.
  while (out.endsWith(')') && (out.match(/\(/g)?.length ?? 0) < (out.match(/\)/g)?.length ?? 0)) out = out.slice(0, -1);
  return out;
}

function isBoundary(char: string | undefined): boolean {
  return char === undefined || /[\s([{<"'\uFFFC]/.test(char);
}

/** Web URLs and e-mail addresses (which become mailto:) in a run of text. */
export function findAutolinks(text: string): AutolinkMatch[] {
  const matches: AutolinkMatch[] = [];
  for (const m of text.matchAll(URL_MATCHER)) {
    const start = m.index;
    if (!isBoundary(text[start - 1])) continue;
    const url = trimTrailingPunctuation(m[0]);
    matches.push({ start, end: start + url.length, text: url, href: /^https?:\/\//i.test(url) ? url : `https://${url}` });
  }
  for (const m of text.matchAll(EMAIL_MATCHER)) {
    const start = m.index;
    const end = start + m[0].length;
    if (matches.some((u) => start < u.end && end > u.start)) continue;
    if (!isBoundary(text[start - 1])) continue;
    matches.push({ start, end, text: m[0], href: `mailto:${m[0]}` });
  }
  return matches.sort((a, b) => a.start - b.start);
}
