/**
 * What every ticketing call on the RMM API shares (spec/ticketing-automations-psa.md
 * §7.1, §8.1): the paths (where the spec shows none, the demo's:
 * src/demo-server/routes/ticketing/ticketing.ts), which failures are told as they are,
 * the resultCode of a refusal, and one GraphQL operation whose errors become
 * the operation's own message.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import type { SessionService } from '../session';
import { keptOr } from '../platform/api/refusals';

export const TICKETING_API_PATHS = {
  forms: 'ticketing/ticket-forms',
  statuses: 'ticketing/statuses',
  fields: 'ticketing/ticket-fields',
  rulesets: 'ticketing/rulesets',
  ruleset: (id: number) => fillPath('ticketing/rulesets/:id', { id }),
  graphql: 'graphql',
  configuration: 'ticketing/configuration',
  organizations: 'query/organizations',
  locations: 'query/locations',
  users: 'query/users',
  triggers: 'ticketing/trigger/list',
  newTrigger: 'ticketing/trigger/',
  trigger: (id: number) => fillPath('ticketing/trigger/:id', { id }),
  channels: 'channel/list/brief',
  boardTickets: (id: number) => fillPath('ticketing/board/:id/tickets', { id }),
  tickets: 'ticketing/tickets',
  ticket: (id: number) => fillPath('ticketing/tickets/:id', { id }),
  attachmentSignedUrl: (id: string) => fillPath('ticketing/attachments/:id/signed-url', { id }),
  upload: 'ticketing/attachments/upload',
  uploaded: (tempId: string) => fillPath('ticketing/attachments/upload/:tempId', { tempId }),
} as const;

/** A string of the answer, at most `max` characters. */
export const text = (max: number) => z.string().max(max);


/** §8.1's failure data: the resultCode of an error answer, if it has one. */
export function resultCodeOf(body: unknown): string | undefined {
  const code = (body as { resultCode?: unknown } | null | undefined)?.resultCode;
  return typeof code === 'string' && code.length <= 200 ? code : undefined;
}

const graphqlAnswer = z.object({ data: z.record(z.string(), z.unknown()).nullable().optional(), errors: z.array(z.object({ message: z.string().max(2000) })).max(100).optional() });

/** One GraphQL operation; an answer with errors fails with `failure` (the spec's message), the server's words kept out. */
export async function graphql<T>(session: SessionService, query: string, variables: Record<string, unknown>, field: string, schema: z.ZodType<T>, failure: string): Promise<T> {
  let answer: z.infer<typeof graphqlAnswer>;
  try {
    answer = await session.api().requestJson('POST', TICKETING_API_PATHS.graphql, graphqlAnswer, { json: { query, variables } });
  } catch (error) {
    // Signed out or offline say so; any other failure is the operation's own message (§8.1, §8.2).
    throw keptOr(error, new AppError('SERVER_ERROR', failure));
  }
  if (answer.errors?.length || !answer.data) throw new AppError('SERVER_ERROR', failure);
  const parsed = schema.safeParse(answer.data[field]);
  if (!parsed.success) throw new AppError('BAD_RESPONSE', failure);
  return parsed.data;
}
