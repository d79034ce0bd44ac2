/** Input checks shared by the restore-area routes: path parameters, JSON bodies, permissions. */
import type { z } from 'zod';
import { badRequest, forbidden, HttpError, readJson, type RequestContext } from '../http';

export { badRequest, forbidden, notFound } from '../http';

export function nodeIdOf(ctx: RequestContext): number {
  const text = ctx.params.nodeId ?? '';
  if (!/^\d{1,15}$/.test(text)) throw badRequest('Invalid nodeId');
  return Number(text);
}

export function param(ctx: RequestContext, name: string): string {
  const value = ctx.params[name];
  if (!value) throw badRequest(`Missing ${name}`);
  return value;
}

/** `[2].collisionHandling: Invalid option ...`, the zod issues in one line. */
export function issuesMessage(error: z.ZodError, prefix = ''): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
      const where = `${prefix}${path}`.replace(/^\./, '');
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** The JSON body parsed by a schema; 400 `bad_request` for a missing or invalid one. */
export async function jsonBody<T>(ctx: RequestContext, schema: z.ZodType<T>, what: string): Promise<T> {
  let body: unknown;
  try {
    body = await readJson(ctx.req);
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) throw badRequest('The body is not valid JSON');
    throw error;
  }
  if (body === undefined) throw badRequest(`The body must be ${what}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(issuesMessage(parsed.error, 'body'));
  return parsed.data;
}

const NO_BACKUP_PERMISSION_MESSAGE = 'You do not have permission to view and restore backup data.';

/** 403 `forbidden` unless the signed-in user has canViewAndRestoreBackupData (§6). */
export function requireBackupPermission(ctx: RequestContext): void {
  if (!ctx.user?.permissions.canViewAndRestoreBackupData) throw forbidden(NO_BACKUP_PERMISSION_MESSAGE);
}
