/**
 * App-wide state (jotai): the session, settings and app info, and what is
 * derived from the session once for every screen: the signed-in user, their
 * permissions and the instance's feature flags.
 */
import { atom } from 'jotai';
import type { AppInfo } from '../../../shared/contract';
import { DEFAULT_FEATURES, type FeatureFlags } from '../../../shared/model/platform/features';
import type { SessionState, UserInfo, UserPermissions } from '../../../shared/model/session';
import type { Settings } from '../../../shared/model/settings';

export const sessionAtom = atom<SessionState | null>(null);
export const settingsAtom = atom<Settings | null>(null);
export const appInfoAtom = atom<AppInfo | null>(null);

/** Nothing is allowed while no one is signed in. */
const NO_PERMISSIONS: UserPermissions = { canViewAndRestoreBackupData: false, canAdministerPsa: false, canApproveNodes: false, canRejectNodes: false };

/** The signed-in user, or null. */
export const userAtom = atom<UserInfo | null>((get) => {
  const session = get(sessionAtom);
  return session?.status === 'signed-in' ? session.user : null;
});

/** What the signed-in user may do (nothing while signed out). */
export const permissionsAtom = atom<UserPermissions>((get) => get(userAtom)?.permissions ?? NO_PERMISSIONS);

/** The instance's feature flags (all off while signed out). */
export const featuresAtom = atom<FeatureFlags>((get) => get(userAtom)?.features ?? DEFAULT_FEATURES);
