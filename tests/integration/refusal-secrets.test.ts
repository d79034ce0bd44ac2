/**
 * A PSA that refuses a connection may quote the secret it was sent (the
 * demo's `echo-secret…` usernames do, in a text longer than the console
 * shows). Through the real router against the demo over HTTP: the refusal
 * reaches the technician in the server's words, with no part of the secret
 * in it (today's cut at REFUSAL_MAX would fall inside it).
 */
import { describe, expect, it } from 'vitest';
import { SECRET_HIDDEN } from '../../src/main/services/platform/api/http-errors';
import { REFUSAL_MAX } from '../../src/main/services/platform/api/refusals';
import { signedInDemo } from '../helpers/services';

const ctx = signedInDemo();

/** Long enough that the server's text, quoting it, is longer than the console shows; sharing no run of characters with that text. */
const SECRET = 'Zq7Kx9Wm2Vb8Np4Rt6Ys1Lc3Hd5Jf0GgQw7Ez3Mu8Io2Pa6Sd4';

/** Every run of 6 characters of the secret: none may be shown. */
const pieces = Array.from({ length: SECRET.length - 5 }, (_, i) => SECRET.slice(i, i + 6));

describe('a refusal quoting the secret', () => {
  it.each(['autotask', 'connectwise'] as const)('is shown without it (%s)', async (kind) => {
    const error = (await ctx
      .services()
      .call('psa.saveConnection', { kind, instanceUrl: 'https://psa.example', username: 'echo-secret-user', enabled: true, secret: SECRET })
      .then(
        () => null,
        (reason: unknown) => reason,
      )) as { code: string; message: string } | null;
    expect(error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('Authentication failed for echo-secret-user') });
    expect(error!.message.length).toBeLessThanOrEqual(REFUSAL_MAX);
    for (const piece of pieces) expect(error!.message).not.toContain(piece);
    // Taken out before the text was shortened: the marker stands where the secret was.
    expect(error!.message).toContain(`secret ${SECRET_HIDDEN} was refused`);
  });
});
