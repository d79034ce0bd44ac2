/**
 * Holds the access token in main-process memory and renews it: proactively
 * shortly before expiry, and once after a 401. Concurrent renewals share one
 * request (single flight), so a burst of 401s costs one refresh.
 */
/** What a token grant gives: the access token, its expiry, and maybe a refresh token. */
export interface TokenSet {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Absent when the server issued none (allowed by RFC 6749 §5.1). */
  refreshToken?: string;
}

/** Renews the token set: a refresh-token grant or a new client-credentials grant. */
type TokenRenewer = () => Promise<TokenSet>;

export class TokenManager {
  private current: TokenSet | null;
  /** When the current token was received: short-lived tokens are renewed at half their life, not 30 s before. */
  private receivedAt: number;
  private inFlight: Promise<TokenSet> | null = null;
  private disposed = false;

  constructor(
    private readonly renew: TokenRenewer,
    initial: TokenSet | null,
    private readonly now: () => number = Date.now,
    /** Renew this long before the stated expiry. */
    private readonly skewMs = 30_000,
    /**
     * False when there is nothing to renew with (a browser sign-in that got no
     * refresh token, RFC 6749 §5.1): the token is then used until it expires,
     * not given up early, and only then does renewal fail.
     */
    private readonly renewable = true,
  ) {
    this.current = initial;
    this.receivedAt = now();
  }

  /** A usable access token, renewing first when it is missing or about to expire. */
  async accessToken(): Promise<string> {
    const token = this.current;
    if (token) {
      const skew = this.renewable ? Math.min(this.skewMs, (token.expiresAt - this.receivedAt) / 2) : 0;
      if (token.expiresAt - skew > this.now()) return token.accessToken;
    }
    return (await this.renewOnce()).accessToken;
  }

  /**
   * Called when the server refused `rejected`. If another caller already
   * renewed meanwhile, the newer token is returned without another request.
   */
  async renewAfterRejection(rejected: string): Promise<string> {
    if (this.current && this.current.accessToken !== rejected) return this.current.accessToken;
    return (await this.renewOnce()).accessToken;
  }

  /** The access token held now, without renewing (for revocation at sign-out). */
  currentAccessToken(): string | null {
    return this.current?.accessToken ?? null;
  }

  /** Forget the token (sign-out); later calls fail instead of renewing. */
  dispose(): void {
    this.disposed = true;
    this.current = null;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  private renewOnce(): Promise<TokenSet> {
    if (this.disposed) return Promise.reject(new Error('Token manager disposed'));
    if (!this.inFlight) {
      this.inFlight = this.renew()
        .then((fresh) => {
          if (!this.disposed) {
            this.current = fresh;
            this.receivedAt = this.now();
          }
          return fresh;
        })
        .finally(() => {
          this.inFlight = null;
        });
    }
    return this.inFlight;
  }
}
