/**
 * Instance profiles (which instance, which sign-in method, which client id):
 * nothing secret, kept in profiles.json. Secrets live in the keychain under
 * the profile id.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { ProfileKind, SignInMethod, UserInfo } from '../../../shared/model/session';
import { JsonFile } from '../platform/json-file';
import { CLIENT_AUTH_METHODS, type ClientAuthMethod } from './oauth-rules';
import { userInfoSchema } from './user-info';

export interface StoredProfile {
  id: string;
  kind: ProfileKind;
  name: string;
  /** Instance profiles only; the demo's URL is resolved at run time. */
  baseUrl?: string;
  method: SignInMethod;
  clientId: string;
  /** How the client secret was accepted last time (client credentials); tried first next time. Not secret. */
  clientAuth?: ClientAuthMethod;
  remembered: boolean;
  lastUsedAt: string;
  /** Last known identity, so a remembered session can open offline. Not secret. */
  user?: UserInfo;
}

interface ProfilesDocument {
  version: 1;
  lastProfileId: string | null;
  profiles: StoredProfile[];
}

const profileSchema = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(['demo', 'instance']),
  name: z.string().max(200),
  baseUrl: z.string().max(2048).optional(),
  method: z.enum(['client_credentials', 'browser']),
  clientId: z.string().max(256),
  clientAuth: z.enum(CLIENT_AUTH_METHODS as [ClientAuthMethod, ...ClientAuthMethod[]]).optional().catch(undefined),
  remembered: z.boolean(),
  lastUsedAt: z.string(),
  user: userInfoSchema.optional(),
});

const documentSchema = z.object({
  version: z.literal(1),
  lastProfileId: z.string().nullable(),
  profiles: z.array(profileSchema).max(100),
});

export class ProfileStore {
  private readonly file: JsonFile<ProfilesDocument>;
  private document: ProfilesDocument;

  constructor(dataDir: string) {
    this.file = new JsonFile(join(dataDir, 'profiles.json'), documentSchema, () => ({
      version: 1,
      lastProfileId: null,
      profiles: [],
    }));
    this.document = this.file.read();
  }

  list(): StoredProfile[] {
    return this.document.profiles.map((p) => ({ ...p }));
  }

  get(id: string): StoredProfile | undefined {
    const found = this.document.profiles.find((p) => p.id === id);
    return found ? { ...found } : undefined;
  }

  last(): StoredProfile | undefined {
    return this.document.lastProfileId ? this.get(this.document.lastProfileId) : undefined;
  }

  /** The instance URLs signed in to before (a new one needs the technician's confirmation). */
  instanceUrls(): string[] {
    return this.document.profiles.flatMap((p) => (p.kind === 'instance' && p.baseUrl ? [p.baseUrl] : []));
  }

  hasInstanceProfiles(): boolean {
    return this.document.profiles.some((p) => p.kind === 'instance');
  }

  /** Finds the profile for the same target, method and client, or makes a new one. */
  upsert(fields: Omit<StoredProfile, 'id' | 'lastUsedAt'>): StoredProfile {
    const existing = this.document.profiles.find(
      (p) => p.kind === fields.kind && p.baseUrl === fields.baseUrl && p.method === fields.method && p.clientId === fields.clientId,
    );
    const profile: StoredProfile = {
      ...fields,
      id: existing?.id ?? randomUUID(),
      lastUsedAt: new Date().toISOString(),
    };
    this.document = {
      ...this.document,
      lastProfileId: profile.id,
      profiles: [...this.document.profiles.filter((p) => p.id !== profile.id), profile],
    };
    this.file.write(this.document);
    return { ...profile };
  }

  /** Keeps the profile (so the form can offer it again) but stops silent sign-in with it. */
  markSignedOut(id: string): void {
    this.document = {
      ...this.document,
      lastProfileId: this.document.lastProfileId === id ? null : this.document.lastProfileId,
      profiles: this.document.profiles.map((p) => (p.id === id ? { ...p, remembered: false } : p)),
    };
    this.file.write(this.document);
  }
}
