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

/** The schemes a secure URL may name; without one, https:// is prepended. */
const SECURE_URL_SCHEMES = ['http:', 'https:', 'ftp:'];
/** Longer than any address a technician types; a cap keeps the checks cheap. */
const SECURE_URL_MAX_LENGTH = 2048;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HOST_LABEL = /^(?!-)[a-z\d-]{1,63}(?<!-)$/;

/** The host as written (before the URL parser rewrites shorthand such as '10.1' into '10.0.0.1'), without a port. */
function writtenHost(url: string): string {
  const authority = url.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').split(/[/?#]/)[0]!;
  return authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.replace(/:\d*$/, '');
}

/** An IP address (IPv4 dotted quad or bracketed IPv6), 'localhost', or a domain name ending in a top-level domain. */
function isValidHost(written: string, parsed: URL): boolean {
  const host = written.toLowerCase();
  if (host.startsWith('[')) return parsed.hostname.startsWith('[');
  if (/^[\d.]+$/.test(host)) return IPV4.test(host);
  if (host === 'localhost') return true;
  // The parser's hostname is the punycode form: international names pass as xn-- labels.
  const labels = parsed.hostname.split('.');
  const tld = labels[labels.length - 1]!;
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && /^(?:[a-z]{2,63}|xn--[a-z\d-]{1,59})$/.test(tld);
}

/**
 * The href of a secure URL (help spec §5: "a valid URL or IP address"), or
 * null when the text is not one: an http, https or ftp URL, or a host name or
 * IP address (with an optional port and path) that gets https:// prepended.
 * The host must be an IP address, 'localhost' or a domain name; credentials
 * in the URL, whitespace and other schemes (javascript:, mailto:) are refused.
 */
export function secureUrlHref(input: string): string | null {
  const text = input.trim();
  if (text === '' || text.length > SECURE_URL_MAX_LENGTH || /\s/.test(text)) return null;
  let candidate: string;
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(text)) candidate = text;
  else if (/^[\da-f]*:[\da-f:.]*:[\da-f.]*$/i.test(text)) candidate = `https://[${text}]`; // a bare IPv6 address
  else if (hasProtocol(text)) return null;
  else candidate = `https://${text.replace(/^\/\//, '')}`;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return null;
  }
  if (!SECURE_URL_SCHEMES.includes(parsed.protocol) || parsed.username !== '' || parsed.password !== '') return null;
  return isValidHost(writtenHost(candidate), parsed) ? candidate : null;
}

/** Whether the text is a valid secure URL: a URL or an IP address. */
export function isValidSecureUrl(input: string): boolean {
  return secureUrlHref(input) !== null;
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
