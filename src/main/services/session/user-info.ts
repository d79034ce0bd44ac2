/** The signed-in user's identity, permissions and feature flags, as the API answers them. */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { FEATURE_FLAGS, type FeatureFlags } from '../../../shared/model/platform/features';
import type { UserInfo } from '../../../shared/model/session';
import { ApiClient } from '../platform/api/api-client';
import type { TokenSet } from './oauth-client';
import { SESSION_EXPIRED_MESSAGE } from './oauth-rules';
import { TokenManager } from '../platform/api/token-manager';

export const USER_INFO_PATH = '/appuser/current';

/** A permission the answer does not grant with `true` (missing, or of another kind) is not granted. */
const granted = z.boolean().catch(false);

export const userInfoSchema: z.ZodType<UserInfo> = z
  .object({
    id: z.number().int(),
    name: z.string().max(500),
    email: z.string().max(500),
    userType: z.enum(['TECHNICIAN', 'END_USER']),
    // An answer without permissions grants none (it does not fail the sign-in).
    permissions: z
      .object({ canViewAndRestoreBackupData: granted, canAdministerPsa: granted, canApproveNodes: granted, canRejectNodes: granted })
      .catch({ canViewAndRestoreBackupData: false, canAdministerPsa: false, canApproveNodes: false, canRejectNodes: false }),
    features: z.record(z.string(), z.unknown()).catch({}),
    // An instance without a PSA sends none (or null): the PSA's features stay off.
    psaType: z.string().min(1).max(50).nullable().catch(null),
  })
  .transform((raw) => ({
    ...raw,
    // Flags the instance does not mention are off.
    features: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, raw.features[flag] === true])) as FeatureFlags,
  }));

/** Reads the user with freshly issued tokens, before anything is stored: it proves the tokens work. */
export function readUserWith(baseUrl: string, tokens: TokenSet, userAgent?: string): Promise<UserInfo> {
  const probe = new ApiClient({
    baseUrl,
    tokens: new TokenManager(() => Promise.reject(new AppError('SESSION_EXPIRED', SESSION_EXPIRED_MESSAGE)), tokens),
    onSessionExpired: () => {},
    userAgent,
    retryLimit: 1,
  });
  return probe.getJson(USER_INFO_PATH, userInfoSchema);
}
