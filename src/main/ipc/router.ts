/**
 * The router: the contract's channels mapped to handlers. It validates every
 * input against the contract's schema, refuses unknown channels, and turns
 * every failure into a typed `{ code, message }` the renderer can show.
 */
import { z } from 'zod';
import { calls, isCallChannel, type CallArgs, type CallChannel, type CallOutput, type ChannelsOf } from '../../shared/contract';
import { AppError, type CallResult } from '../../shared/errors';
import { redactError } from '../services/platform/api/http-errors';

type Handler<C extends CallChannel> = (args: CallArgs<C>) => Promise<CallOutput<C>> | CallOutput<C>;
export type Handlers = { [C in CallChannel]: Handler<C> };
/** The handlers of one area's channels (`src/main/ipc/handlers/<area>.ts`). */
export type HandlersOf<Prefix extends string> = { [C in ChannelsOf<Prefix>]: Handler<C> };

export interface Router {
  dispatch(channel: unknown, input: unknown): Promise<CallResult<unknown>>;
}

type ErrorLogger = (channel: string, error: unknown) => void;

function describeZodError(error: z.ZodError): string {
  const first = error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length ? issue.path.join('.') : 'input';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return `Invalid input. ${first.join('; ')}${more}`;
}

function toErrorShape(error: unknown): { code: AppError['code']; message: string } {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  if (error instanceof z.ZodError) return { code: 'INVALID_INPUT', message: describeZodError(error) };
  // Anything else is unexpected: its text may carry internals, so it is not passed on.
  return { code: 'INTERNAL', message: 'Something went wrong in the console. Please try again.' };
}

export function createRouter(handlers: Handlers, logError: ErrorLogger = () => {}): Router {
  return {
    async dispatch(channel, input) {
      if (!isCallChannel(channel)) {
        const name = typeof channel === 'string' ? channel.slice(0, 80) : typeof channel;
        return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `Unknown call: ${name}` } };
      }
      const parsed = calls[channel].input.safeParse(input ?? {});
      if (!parsed.success) {
        return { ok: false, error: { code: 'INVALID_INPUT', message: describeZodError(parsed.error) } };
      }
      try {
        const handler = handlers[channel] as (args: unknown) => Promise<unknown> | unknown;
        const value = await handler(parsed.data);
        return { ok: true, value };
      } catch (error) {
        const shape = toErrorShape(error);
        // Redacted: a got error inside would print the request's Authorization header and body.
        if (shape.code === 'INTERNAL') logError(channel, redactError(error));
        return { ok: false, error: shape };
      }
    },
  };
}
