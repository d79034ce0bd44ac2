/**
 * An instance base URL must be https; plain http is accepted only for
 * loopback hosts (a local test or demo instance).
 */
export type InstanceUrlCheck = { ok: true; url: string } | { ok: false; message: string };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
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
