/**
 * The one way an id goes into a path of the RMM API, for every area (backup,
 * restore, downloads, help, ticketing, the ticket workspace, PSA,
 * administration). Ids come from the renderer, which is untrusted, or from
 * a server's answer: either may hold a value that, once in a path, walks it
 * to another call. encodeURIComponent keeps dots (`..` would climb a
 * segment when the URL is resolved) and some servers decode `%2F` and `%5C`
 * back into separators, so such ids are refused here, as INVALID_INPUT,
 * before any request is built: nothing leaves the machine.
 */
import { AppError } from '../../errors';

/** What the technician reads when an id cannot be used in a path. */
export const INVALID_PATH_ID_MESSAGE = 'Invalid id: an id may not be empty, "." or "..", nor hold "/" or "\\". Nothing was sent.';

/** A value that can name one item in one path segment: a finite number, or a string that is not empty, `.` or `..` and holds no `/` or `\`. */
export function isPathId(value: unknown): value is string | number {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string') return false;
  return value !== '' && value !== '.' && value !== '..' && !/[/\\]/.test(value);
}

/** One path segment: the id checked (INVALID_INPUT when it cannot be one), then encoded. */
export function pathSegment(value: string | number): string {
  if (!isPathId(value)) throw new AppError('INVALID_INPUT', INVALID_PATH_ID_MESSAGE);
  return encodeURIComponent(String(value));
}

/**
 * A template's `:name` segments replaced by their values, each checked and
 * encoded as one path segment ('psaat/v3/locations/:accountId' →
 * 'psaat/v3/locations/29684'). A value that cannot be an id is
 * INVALID_INPUT; a template naming a value not given is a programming error.
 */
export function fillPath(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    if (!Object.hasOwn(params, name)) throw new Error(`fillPath: no value for ':${name}' in ${template}`);
    return pathSegment(params[name]!);
  });
}
