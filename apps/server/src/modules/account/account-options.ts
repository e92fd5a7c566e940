/** What the account route plugins are registered with. */
export interface AccountRoutesOptions {
  /** Requests per minute per IP on the routes that check a password or a code. */
  rateLimitPerMinute: number;
}

export const ACCOUNT_TAGS = ['account'];
export const WORKSPACE_PROFILE_TAGS = ['workspace profile'];

/** Password and code checks are rate-limited like sign-in (guessing one through them is as bad). */
export const credentialRateLimit = (options: AccountRoutesOptions) => ({
  rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' },
});

/** A versioned image's bytes never change: a year, immutable. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
