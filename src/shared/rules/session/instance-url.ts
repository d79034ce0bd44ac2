/**
 * An instance base URL must be https; plain http is accepted only for
 * loopback hosts (a local test or demo instance).
 */
type InstanceUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * 127.0.0.0/8, ::1 and localhost (a URL's `hostname`): this machine. The one
 * loopback check: plain http is allowed for it, and browser mode signs in to
 * it without a confirmation (session-rules.ts).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets.slice(1).every((o) => Number(o) <= 255);
}

export function checkInstanceUrl(raw: string): InstanceUrlCheck {
  const trimmed = raw.trim();
  if (!trimmed) return { ok: false, message: 'Enter the instance URL.' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: 'Enter a full URL, such as https://eu.example-rmm.com.' };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'The instance URL must not contain a user name or password.' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: 'The instance URL must use https (http is allowed only for 127.0.0.1 or localhost).' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: 'The instance URL must use https.' };
  }
  if (url.search || url.hash) {
    return { ok: false, message: 'The instance URL must not contain a query or fragment.' };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}
