import type { FeatureFlags } from '../platform/features';

export type ProfileKind = 'demo' | 'instance';
export type SignInMethod = 'client_credentials' | 'browser';

/** What the renderer may know about a profile: nothing secret. */
export interface ProfileSummary {
  id: string;
  kind: ProfileKind;
  name: string;
  /** Instance base URL (for the demo: the embedded server's current URL). */
  baseUrl: string;
  method: SignInMethod;
  clientId: string;
  /** True when a secret for this profile is kept in the OS keychain. */
  remembered: boolean;
}

export interface UserPermissions {
  canViewAndRestoreBackupData: boolean;
  /** The PSA administrative permission (ticketing spec §6: the board 'agreement' column needs it). */
  canAdministerPsa: boolean;
  /** Approving devices that wait for approval, and choosing an organization's approval mode (node approvals). */
  canApproveNodes: boolean;
  /** Rejecting devices, whether they wait for approval or were approved. */
  canRejectNodes: boolean;
}

/**
 * The instance's security configuration (ticketing spec §3.5), read-only in
 * the console: null where the instance did not say (or said something else
 * than true or false).
 */
export interface SecurityConfig {
  resetPasswordViaLink: boolean | null;
  acceptInvitationViaLink: boolean | null;
  /** The subnets sign-ins are allowed from (CIDR text as sent); [] when the instance says none is limited, null when it does not say. */
  allowedIPSubnets: string[] | null;
}

/** The division's configuration (ticketing spec §3.5): its simple values only (text, numbers, flags), as sent. */
export type DivisionConfig = Record<string, string | number | boolean>;

export interface UserInfo {
  id: number;
  name: string;
  email: string;
  /** The user's phone, null when the instance sends none. */
  phone: string | null;
  userType: 'TECHNICIAN' | 'END_USER';
  permissions: UserPermissions;
  features: FeatureFlags;
  /** The PSA the instance is set up with (ticketing spec §3.5 session psaType), null without one. */
  psaType: string | null;
  /** Null when the instance sends none. */
  divisionConfig: DivisionConfig | null;
  securityConfig: SecurityConfig;
}

interface KeychainStatus {
  available: boolean;
  /** Why it is unavailable, in words a technician understands. */
  message?: string;
}

/**
 * Why the technician sees the sign-in screen. `credentials-refused`: the
 * instance refused the saved credentials (a 401 that survived a renewal, or a
 * refused client secret); the keychain entry is kept.
 */
export type SignedOutReason = 'signed-out' | 'expired' | 'restore-failed' | 'credentials-refused';

export type SessionState =
  | {
      status: 'signed-out';
      reason?: SignedOutReason;
      message?: string;
      /** The profile of the session that ended, to offer signing in with it again (preselected). */
      lastProfile?: ProfileSummary;
      keychain: KeychainStatus;
      profiles: ProfileSummary[];
      demo: { available: boolean; url?: string; clientId: string };
    }
  | { status: 'restoring'; profile: ProfileSummary; keychain: KeychainStatus }
  | {
      status: 'signed-in';
      profile: ProfileSummary;
      user: UserInfo;
      /** False for a "this session only" sign-in: nothing was stored. */
      persisted: boolean;
      keychain: KeychainStatus;
    };
