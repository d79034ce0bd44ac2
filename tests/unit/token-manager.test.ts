import { describe, expect, it, vi } from 'vitest';
import { TokenManager } from '../../src/main/services/platform/api/token-manager';
import type { TokenSet } from '../../src/main/services/session/oauth-client';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TokenManager', () => {
  it('uses the current token until shortly before it expires, then renews', async () => {
    const time = clock();
    let n = 0;
    const renew = vi.fn(async (): Promise<TokenSet> => ({ accessToken: `fresh-${++n}`, expiresAt: time.now() + 3_600_000 }));
    const tokens = new TokenManager(renew, { accessToken: 'initial', expiresAt: time.now() + 60_000 }, time.now, 30_000);
    expect(await tokens.accessToken()).toBe('initial');
    time.advance(29_000);
    expect(await tokens.accessToken()).toBe('initial');
    time.advance(2_000); // now within the 30 s skew
    expect(await tokens.accessToken()).toBe('fresh-1');
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('renews once for many concurrent rejections of the same token', async () => {
    const time = clock();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const renew = vi.fn(async (): Promise<TokenSet> => {
      await gate;
      return { accessToken: 'renewed', expiresAt: time.now() + 3_600_000 };
    });
    const tokens = new TokenManager(renew, { accessToken: 'old', expiresAt: time.now() + 3_600_000 }, time.now);
    const all = Promise.all([tokens.renewAfterRejection('old'), tokens.renewAfterRejection('old'), tokens.renewAfterRejection('old')]);
    release();
    expect(await all).toEqual(['renewed', 'renewed', 'renewed']);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('does not renew again when the rejected token was already replaced', async () => {
    const time = clock();
    const renew = vi.fn(async (): Promise<TokenSet> => ({ accessToken: 'second', expiresAt: time.now() + 3_600_000 }));
    const tokens = new TokenManager(renew, { accessToken: 'first', expiresAt: time.now() + 3_600_000 }, time.now);
    expect(await tokens.renewAfterRejection('first')).toBe('second');
    expect(await tokens.renewAfterRejection('first')).toBe('second');
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('propagates a failed renewal and tries again on the next call', async () => {
    const time = clock();
    const renew = vi
      .fn<() => Promise<TokenSet>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ accessToken: 'ok', expiresAt: time.now() + 3_600_000 });
    const tokens = new TokenManager(renew, null, time.now);
    await expect(tokens.accessToken()).rejects.toThrow('offline');
    expect(await tokens.accessToken()).toBe('ok');
  });

  it('refuses to renew after dispose (sign-out)', async () => {
    const renew = vi.fn(async (): Promise<TokenSet> => ({ accessToken: 'x', expiresAt: Date.now() + 1000 }));
    const tokens = new TokenManager(renew, null);
    tokens.dispose();
    await expect(tokens.accessToken()).rejects.toThrow();
    expect(renew).not.toHaveBeenCalled();
  });
});

describe('TokenManager with short-lived tokens', () => {
  it('renews a token that lives less than the skew at half its life, not at once', async () => {
    const time = clock();
    const renew = vi.fn(async (): Promise<TokenSet> => ({ accessToken: 'renewed', expiresAt: time.now() + 1000 }));
    const tokens = new TokenManager(renew, { accessToken: 'short', expiresAt: time.now() + 1000 }, time.now, 30_000);
    expect(await tokens.accessToken()).toBe('short');
    time.advance(400);
    expect(await tokens.accessToken()).toBe('short');
    time.advance(200);
    expect(await tokens.accessToken()).toBe('renewed');
  });
});

describe('TokenManager without a refresh token', () => {
  it('uses the token until it really expires (no early renewal), then fails with the renewer\'s reason', async () => {
    const time = clock();
    const renew = vi.fn(async (): Promise<TokenSet> => Promise.reject(new Error('nothing to renew with')));
    const tokens = new TokenManager(renew, { accessToken: 'only', expiresAt: time.now() + 60_000 }, time.now, 30_000, false);
    time.advance(59_000);
    expect(await tokens.accessToken()).toBe('only');
    expect(tokens.currentAccessToken()).toBe('only');
    time.advance(1_000);
    await expect(tokens.accessToken()).rejects.toThrow('nothing to renew with');
    expect(renew).toHaveBeenCalledTimes(1);
  });
});
