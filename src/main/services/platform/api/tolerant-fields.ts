/**
 * Fields of a record read tolerantly (DESIGN "Real instances, not only the
 * demo"), shared by every area's readers: numbers may come as text, a text is
 * cleaned and bounded (src/shared/rules/platform/server-text.ts), a flag or
 * a text that is not one falls back instead of failing the record.
 */
import { z } from 'zod';
import { cleanText } from '../../../../shared/rules/platform/server-text';

/** A number sent as its text reads as the number. */
export const numeric = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
/** A record id the contract can carry back (1..2^31-1), from a number or its text. */
export const recordIdSchema = z.preprocess(numeric, z.number().int().positive().max(2_147_483_647));
/** A text, cleaned; numbers as their text; anything else ''. */
export const textOf = (max: number) => z.unknown().optional().transform((value) => (typeof value === 'string' ? cleanText(value, max) : typeof value === 'number' && Number.isFinite(value) ? String(value) : ''));
/** A text of several lines (a description): each line cleaned, the line breaks kept, at most `max` characters. */
export const linesOf = (max: number) =>
  z.unknown().optional().transform((value) => {
    if (typeof value !== 'string') return '';
    const text = value.split(/\r?\n/).map((line) => cleanText(line, max)).join('\n').trim();
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  });
/** A flag: booleans, 'true' and 'false'; anything else the fallback. */
export const flagOf = (fallback: boolean) => z.unknown().optional().transform((value) => (typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : fallback));
