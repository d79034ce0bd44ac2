/**
 * Fields of a record read tolerantly (DESIGN "Real instances, not only the
 * demo"), shared by every area's readers: numbers may come as text, a text is
 * cleaned and bounded (src/shared/rules/platform/server-text.ts), a flag or
 * a text that is not one falls back instead of failing the record.
 */
import { z } from 'zod';
import { cleanText, NAME_MAX } from '../../../../shared/rules/platform/server-text';

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

/** A flag that may be unsaid: booleans, 'true' and 'false'; anything else null. */
export const flagOrNull = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : null);

/** The fields a device's name and organization come in (a listing of devices, approvals, dashboards). */
export const deviceNameFields = {
  displayName: textOf(NAME_MAX),
  systemName: textOf(NAME_MAX),
  name: textOf(NAME_MAX),
  organizationId: z.unknown().optional(),
  clientId: z.unknown().optional(),
  organizationName: textOf(NAME_MAX),
};

const optionalRecordId = recordIdSchema.nullable().catch(null);

/**
 * A device's name (its display name, else its system name, else its name, else "Device <id>") and organization
 * (`organizationId` or `clientId`; its name, else "Organization <id>").
 */
export function deviceNameOf(
  fields: { displayName: string; systemName: string; name: string; organizationId?: unknown; clientId?: unknown; organizationName: string },
  id: number,
): { name: string; organizationId: number | null; organizationName: string } {
  const organizationId = optionalRecordId.parse(fields.organizationId ?? fields.clientId);
  return {
    name: fields.displayName || fields.systemName || fields.name || `Device ${id}`,
    organizationId,
    organizationName: fields.organizationName || (organizationId === null ? '' : `Organization ${organizationId}`),
  };
}
