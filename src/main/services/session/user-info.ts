/**
 * The signed-in user's identity (with the phone), permissions, feature flags,
 * the division's configuration and the security configuration, as the API
 * answers them (ticketing spec §3.5), read tolerantly: only the identity is
 * required; anything else missing or odd reads as null (or none).
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { FEATURE_FLAGS, type FeatureFlags } from '../../../shared/model/platform/features';
import type { DivisionConfig, SecurityConfig, UserInfo } from '../../../shared/model/session';
import { cleanText } from '../../../shared/rules/platform/server-text';
import { ApiClient } from '../platform/api/api-client';
import type { TokenSet } from './oauth-client';
import { SESSION_EXPIRED_MESSAGE } from './oauth-rules';
import { TokenManager } from '../platform/api/token-manager';

export const USER_INFO_PATH = '/appuser/current';

/** The security configuration when the instance says nothing readable of it. */
export const NO_SECURITY_CONFIG: SecurityConfig = { resetPasswordViaLink: null, acceptInvitationViaLink: null, allowedIPSubnets: null };

const MAX_SUBNETS = 200;
const MAX_DIVISION_KEYS = 50;

/** True, false, or null for anything else (missing, text, a number). */
const flagOrNull = z.boolean().nullable().catch(null);

const securityConfigSchema: z.ZodType<SecurityConfig> = z
  .object({
    resetPasswordViaLink: flagOrNull,
    acceptInvitationViaLink: flagOrNull,
    // Only texts are subnets (cleaned); anything else in the list is left out. No list: not said (null), never "any".
    allowedIPSubnets: z
      .array(z.unknown())
      .nullable()
      .catch(null)
      .transform((list) =>
        list === null
          ? null
          : list
              .filter((item): item is string => typeof item === 'string')
              .map((item) => cleanText(item, 64))
              .filter(Boolean)
              .slice(0, MAX_SUBNETS),
      ),
  })
  .catch(NO_SECURITY_CONFIG);

/** The division's configuration: its simple values (text bounded), anything else left out; null when it is not an object. */
const divisionConfigSchema: z.ZodType<DivisionConfig | null> = z
  .record(z.string(), z.unknown())
  .nullable()
  .catch(null)
  .transform((record) => {
    if (record === null) return null;
    const simple = Object.entries(record)
      .filter((entry): entry is [string, string | number | boolean] => typeof entry[1] === 'string' || typeof entry[1] === 'boolean' || (typeof entry[1] === 'number' && Number.isFinite(entry[1])))
      .slice(0, MAX_DIVISION_KEYS)
      .map(([key, value]) => [cleanText(key, 100), typeof value === 'string' ? cleanText(value, 500) : value]);
    return Object.fromEntries(simple) as DivisionConfig;
  });

/** A permission the answer does not grant with `true` (missing, or of another kind) is not granted. */
const granted = z.boolean().catch(false);

export const userInfoSchema: z.ZodType<UserInfo> = z
  .object({
    id: z.number().int(),
    name: z.string().max(500),
    email: z.string().max(500),
    // No phone, an empty one or one of another kind: none.
    phone: z
      .string()
      .transform((value) => cleanText(value, 60))
      .pipe(z.string().min(1))
      .nullable()
      .catch(null),
    userType: z.enum(['TECHNICIAN', 'END_USER']),
    // An answer without permissions grants none (it does not fail the sign-in).
    permissions: z
      .object({ canViewAndRestoreBackupData: granted, canAdministerPsa: granted, canApproveNodes: granted, canRejectNodes: granted })
      .catch({ canViewAndRestoreBackupData: false, canAdministerPsa: false, canApproveNodes: false, canRejectNodes: false }),
    features: z.record(z.string(), z.unknown()).catch({}),
    // An instance without a PSA sends none (or null): the PSA's features stay off.
    psaType: z.string().min(1).max(50).nullable().catch(null),
    divisionConfig: divisionConfigSchema,
    securityConfig: securityConfigSchema,
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
