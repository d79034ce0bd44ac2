/**
 * The one filler of the RMM API's path templates: an id that is empty, `.`
 * or `..`, or holds `/` or `\`, is refused (INVALID_INPUT) before a path is
 * built; anything else becomes one encoded segment. The API client refuses a
 * path that would still climb (a `.` or `..` segment, percent-encoded or
 * not, or a backslash) before any request is made.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/main/services/platform/api/api-client';
import { TokenManager } from '../../src/main/services/platform/api/token-manager';
import { AppError } from '../../src/shared/errors';
import { fillPath, INVALID_PATH_ID_MESSAGE, isPathId, pathSegment } from '../../src/shared/rules/platform/api-paths';
import { ADMIN_PATHS } from '../../src/shared/rules/admin/paths';
import { AUTOTASK_PATHS, CONNECTWISE_PATHS } from '../../src/shared/rules/psa/paths';

const HOSTILE = ['..', '.', '', 'a/b', 'x\\y', '/', '\\', '../admin', 'a/../../b'];

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('fillPath', () => {
  it('fills every named segment with its encoded value', () => {
    expect(fillPath(AUTOTASK_PATHS.accountLocations, { accountId: 29684 })).toBe('psaat/v3/locations/29684');
    expect(fillPath(CONNECTWISE_PATHS.companySites, { companyId: 'a b?#%' })).toBe('psacw/v2/companies/a%20b%3F%23%25/sites');
    expect(fillPath(ADMIN_PATHS.taskEnabled, { id: 7 })).toBe('scheduledtasks/7/enabled');
    // Dots inside an id, or percent signs spelling a dot, are no segment of their own once encoded.
    expect(fillPath('x/:id', { id: '...' })).toBe('x/...');
    expect(fillPath('x/:id', { id: '%2e%2e' })).toBe('x/%252e%252e');
    expect(fillPath('x/:id', { id: 'v1.2' })).toBe('x/v1.2');
  });

  it.each(HOSTILE)('refuses the id %j as INVALID_INPUT, for a template of every area', (id) => {
    for (const [template, name] of [
      [AUTOTASK_PATHS.accountLocations, 'accountId'],
      [CONNECTWISE_PATHS.productMapping, 'id'],
      [ADMIN_PATHS.task, 'id'],
      ['ticketing/attachments/:id/signed-url', 'id'],
      ['backup/lockhart/nodes/:nodeId/plans/:planUid/volumes', 'planUid'],
    ] as const) {
      const error = refusal(() => fillPath(template, { nodeId: 1, [name]: id }));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'INVALID_INPUT', message: INVALID_PATH_ID_MESSAGE });
    }
  });

  it('refuses a number that is no id (NaN, Infinity) and says which template lacks a value', () => {
    expect(refusal(() => fillPath('x/:id', { id: Number.NaN }))).toMatchObject({ code: 'INVALID_INPUT' });
    expect(refusal(() => fillPath('x/:id', { id: Number.POSITIVE_INFINITY }))).toMatchObject({ code: 'INVALID_INPUT' });
    // A value of the prototype is no value: the template is not filled with it.
    expect(refusal(() => fillPath('x/:toString', {})).message).toBe("fillPath: no value for ':toString' in x/:toString");
  });

  it('pathSegment and isPathId say the same', () => {
    for (const id of HOSTILE) {
      expect(isPathId(id)).toBe(false);
      expect(refusal(() => pathSegment(id))).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect(isPathId(0)).toBe(true);
    expect(isPathId('abc-123')).toBe(true);
    expect(pathSegment('a b')).toBe('a%20b');
  });
});

describe('the API client', () => {
  const tokens = new TokenManager(async () => ({ accessToken: 't', expiresAt: Date.now() + 60_000 }), { accessToken: 't', expiresAt: Date.now() + 60_000 });
  // Nothing listens there: a request that were made would fail OFFLINE, not INVALID_INPUT.
  const api = new ApiClient({ baseUrl: 'http://127.0.0.1:9', tokens, onSessionExpired: () => undefined, retryLimit: 0 });

  it.each(['a/../b', 'a/./b', '../b', 'a/%2e%2e/b', 'a/%2E./b', 'a/.%2e', 'a\\b', '/x/..'])('refuses the path %j before any request', async (path) => {
    await expect(api.getJson(path, { safeParse: () => ({ success: true, data: null }) } as never)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: INVALID_PATH_ID_MESSAGE });
    await expect(api.requestWithStatus('DELETE', path)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(() => api.downloadTarget(path)).toThrow(INVALID_PATH_ID_MESSAGE);
  });

  it('lets a path with dots inside its segments through (it fails only for want of a server)', async () => {
    await expect(api.requestWithStatus('GET', 'files/v1.2/...')).rejects.toMatchObject({ code: 'OFFLINE' });
  });
});
