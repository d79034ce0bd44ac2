/**
 * Got's errors hold the request's options (the
 * Authorization header, the body with a client secret) and print them when
 * inspected or serialized. Nothing built from one, nor what the router logs,
 * may contain them. The got errors here are real: a request to a closed
 * loopback port (no server answers).
 */
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import got, { RequestError } from 'got';
import { describe, expect, it } from 'vitest';
import { CALL_CHANNELS } from '../../src/shared/contract';
import { AppError } from '../../src/shared/errors';
import { createRouter, type Handlers } from '../../src/main/ipc/router';
import { surfaceAppErrors } from '../../src/main/services/platform/api/guarded-hooks';
import { appErrorInside, hideRequestDetails, redactError, SECRET_HIDDEN, toAppError, withoutSecrets } from '../../src/main/services/platform/api/http-errors';
import { REFUSAL_MAX } from '../../src/main/services/platform/api/refusals';
import { refusalText } from '../../src/main/services/psa/psa-calls';

const SECRET = 'SECRET-b1c2d3';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A real got RequestError whose request carried the bearer, a secret in the body and one in the query. */
async function gotError(hooks = false): Promise<RequestError> {
  const port = await closedPort();
  try {
    await got.post(`http://127.0.0.1:${port}/api/x?token=${SECRET}`, {
      headers: { authorization: `Bearer ${SECRET}` },
      json: { client_secret: SECRET },
      retry: { limit: 0 },
      ...(hooks ? { hooks: { beforeError: [surfaceAppErrors] } } : {}),
    });
  } catch (error) {
    return error as RequestError;
  }
  throw new Error('the request should have failed');
}

function leaks(value: unknown): boolean {
  let json: string;
  try {
    json = JSON.stringify(value, (_key, v: unknown) => (v instanceof Error ? { ...v, message: v.message, stack: v.stack, cause: v.cause } : v)) ?? '';
  } catch {
    json = '';
  }
  return [json, inspect(value, { depth: 12 }), inspect(value, { depth: 12, showHidden: true }), String(value)].some((text) => text.includes(SECRET));
}

describe('got errors never carry the request out', () => {
  it('the raw got error does leak (the premise of these tests)', async () => {
    const error = await gotError();
    expect(error).toBeInstanceOf(RequestError);
    expect(leaks(error)).toBe(true);
  });

  it('toAppError of a got error holds no header, body or query', async () => {
    const shaped = toAppError(await gotError(), 'http://127.0.0.1:1');
    expect(shaped.code).toBe('OFFLINE');
    expect(leaks(shaped)).toBe(false);
  });

  it('an unexpected error wrapping a got error becomes INTERNAL with a redacted cause', async () => {
    const wrapped = new Error('unexpected', { cause: await gotError() });
    const shaped = toAppError(wrapped, 'http://127.0.0.1:1');
    expect(shaped.code).toBe('INTERNAL');
    expect(leaks(shaped)).toBe(false);
    // The log line still says what happened: the wrapper's message and the got error's name and code.
    const cause = shaped.cause as Error & { cause: Error & { code?: string } };
    expect(cause.message).toBe('unexpected');
    expect(cause.cause.name).toBe('RequestError');
    expect(cause.cause.code).toBe('ECONNREFUSED');
  });

  it('an AppError holding a got error as its cause is redacted too, keeping its code and message', async () => {
    const error = new AppError('SERVER_ERROR', 'The preview could not be loaded.', { cause: await gotError() });
    const safe = redactError(error);
    expect(safe).toBeInstanceOf(AppError);
    expect((safe as AppError).code).toBe('SERVER_ERROR');
    expect(safe.message).toBe('The preview could not be loaded.');
    expect(leaks(safe)).toBe(false);
  });

  it('the router logs an unexpected failure without the got error inside it', async () => {
    const failure = new TypeError('boom', { cause: await gotError() });
    const all = Object.fromEntries(CALL_CHANNELS.map((c) => [c, () => Promise.reject(failure)])) as unknown as Handlers;
    const logged: unknown[] = [];
    const router = createRouter(all, (_channel, error) => logged.push(error));
    const result = await router.dispatch('session.get', {});
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'Something went wrong in the console. Please try again.' } });
    expect(logged).toHaveLength(1);
    expect((logged[0] as Error).name).toBe('TypeError');
    expect(leaks(logged)).toBe(false);
  });

  it("got's beforeError hook hides the options from inspection but got can still read them", async () => {
    const error = await gotError(true);
    expect(error).toBeInstanceOf(RequestError);
    expect(inspect(error, { depth: 12 })).not.toContain(SECRET);
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect(error.options.method).toBe('POST');
  });

  it('finds the AppError a hook threw inside got wrappers', () => {
    const inner = new AppError('REDIRECT_REFUSED', 'refused');
    const wrapped = new Error('outer', { cause: new Error('middle', { cause: inner }) });
    expect(appErrorInside(wrapped)).toBe(inner);
    expect(toAppError(wrapped, 'http://127.0.0.1:1')).toBe(inner);
    expect(appErrorInside(new Error('plain'))).toBeNull();
    expect(hideRequestDetails(new Error('plain')).message).toBe('plain');
  });
});

describe("a server's refusal is shown without the secret the call sent", () => {
  const PSA_SECRET = 'psa-key-0123456789abcdefghijklmnopqrstuvwxyz';

  it('a secret the shortening would cut through is taken out before the cut', () => {
    // The secret starts before the cut and ends after it: a search after shortening finds no whole secret.
    const message = `${'x'.repeat(REFUSAL_MAX - 20)} secret ${PSA_SECRET} refused`;
    const shown = refusalText({ message }, [PSA_SECRET])!;
    expect(shown.length).toBeLessThanOrEqual(REFUSAL_MAX);
    expect(shown).not.toContain(PSA_SECRET.slice(0, 8));
    expect(shown).toContain(SECRET_HIDDEN.slice(0, 5));
  });

  it('a secret the cleaning would change (spaces, control characters) is taken out as sent and as cleaned', () => {
    const secret = 'ab\tcd  ef\u0007gh';
    expect(refusalText({ message: `Bad credentials: ${secret}.` }, [secret])).toBe(`Bad credentials: ${SECRET_HIDDEN}.`);
    // A server that cleaned it itself before quoting it.
    expect(refusalText({ message: 'Bad credentials: ab cd ef gh.' }, [secret])).toBe(`Bad credentials: ${SECRET_HIDDEN}.`);
    // After a field prefix too, and in errorMessage.
    expect(refusalText({ errorMessage: `secret: Invalid ${secret}` }, [secret])).toBe(`Invalid ${SECRET_HIDDEN}`);
  });

  it('takes out the forms a secret takes quoted in JSON or a URL, the longest first', () => {
    const secret = 'p"a/s s\\';
    const text = `json ${JSON.stringify(secret)} url ${encodeURIComponent(secret)} raw ${secret}`;
    const clean = withoutSecrets(text, [secret, 'p"a']);
    expect(clean).toBe(`json "${SECRET_HIDDEN}" url ${SECRET_HIDDEN} raw ${SECRET_HIDDEN}`);
    expect(withoutSecrets('nothing to hide', ['', 'absent'])).toBe('nothing to hide');
  });

  it('without secrets, the refusal reads as before', () => {
    expect(refusalText({ message: 'name: Product mapping name already taken' })).toBe('Product mapping name already taken');
    expect(refusalText({ message: 'y'.repeat(REFUSAL_MAX + 50) })).toHaveLength(REFUSAL_MAX);
  });
});
