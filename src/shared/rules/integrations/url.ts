/**
 * The addresses of the other integrations (the tools' and the webhook's):
 * https only, a host required, no credentials in the address (they would
 * travel in every request and show in logs). Said in words the modal shows.
 */
import { URL_MAX } from '../../model/integrations';

export const URL_MESSAGES = {
  required: 'Enter the address.',
  tooLong: `The address is longer than ${URL_MAX} characters.`,
  notAddress: 'This is not an address: enter one like https://hooks.example.com/console.',
  notHttps: 'Only https:// addresses are accepted (the events and the secret must travel encrypted).',
  noHost: 'The address needs a host, like https://hooks.example.com/.',
  credentials: 'The address must not carry a user name or password: put the secret in its own field.',
} as const;

/** Why the address is refused, or null when it is accepted. */
export function urlProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return URL_MESSAGES.required;
  if (text.length > URL_MAX) return URL_MESSAGES.tooLong;
  if (/\s/.test(text)) return URL_MESSAGES.notAddress;
  // The parser is lenient with https ('https:host', 'https:///host', backslashes): the address must be written out.
  if (/^https:/i.test(text)) {
    if (!/^https:\/\//i.test(text)) return URL_MESSAGES.notAddress;
    if (!/^https:\/\/[^/?#\\]/i.test(text)) return URL_MESSAGES.noHost;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return URL_MESSAGES.notAddress;
  }
  if (url.protocol !== 'https:') return URL_MESSAGES.notHttps;
  if (url.hostname === '') return URL_MESSAGES.noHost;
  if (url.username !== '' || url.password !== '') return URL_MESSAGES.credentials;
  return null;
}

export { originOf } from '../platform/origins';

/** Whether the text holds a control character (C0 or DEL). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
