/** The signed-in user's identity, permissions and feature flags, as the API answers them. */
import { z } from 'zod';
import { FEATURE_FLAGS, type FeatureFlags } from '../../../shared/model/features';
import type { UserInfo } from '../../../shared/model/session';

export const USER_INFO_PATH = '/appuser/current';

export const userInfoSchema: z.ZodType<UserInfo> = z
  .object({
    id: z.number().int(),
    name: z.string().max(500),
    email: z.string().max(500),
    userType: z.enum(['TECHNICIAN', 'END_USER']),
    permissions: z.object({ canViewAndRestoreBackupData: z.boolean().catch(false) }),
    features: z.record(z.string(), z.unknown()).catch({}),
  })
  .transform((raw) => ({
    ...raw,
    // Flags the instance does not mention are off.
    features: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, raw.features[flag] === true])) as FeatureFlags,
  }));
