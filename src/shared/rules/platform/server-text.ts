/**
 * Texts that come from the server, made fit to show (DESIGN "Names from the
 * server are untrusted"): a name or a message an instance sent may carry
 * control characters or characters that change the direction of what follows
 * it, and may be of any length. Pure: the main process's readers of the PSA
 * and administration answers and its readers of refused answers share it.
 */

/** A name as shown in a table or a select. */
export const NAME_MAX = 255;
/** Any other text of a record (kept fields the console does not read). */
export const TEXT_MAX = 2_000;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/;
const EVERY_CONTROL = new RegExp(CONTROL.source, 'g');

/** Whether `text` holds a character `cleanText` would drop (a control, a zero-width or a direction-changing one). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** Control and direction-changing characters dropped, spaces trimmed, at most `max` characters. */
export function cleanText(text: string, max: number): string {
  const cleaned = text.replace(EVERY_CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
}
