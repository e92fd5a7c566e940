import { errors, jwtVerify } from 'jose';
import { GRANT_ISSUER as ISSUER, signGrantToken } from '../../lib/grant-token.js';

/** What a recording link grants: one voice message of one workspace, until it expires. */
export interface RecordingGrant {
  voiceMessageId: string;
  workspaceId: string;
}

/** Distinct from access tokens (which have no audience and need a session id): neither passes for the other. */
const AUDIENCE = 'voice-recording';

/**
 * Signed links for recordings. `<audio>`, the waveform player and a download link cannot send
 * the bearer header, so the API hands out a short-lived HS256 token (the server's JWT secret)
 * bound to the voice message and its workspace, carried in the URL's `token` parameter.
 */
export function createRecordingTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: (grant: RecordingGrant) =>
      signGrantToken(key, {
        audience: AUDIENCE,
        subject: grant.voiceMessageId,
        claims: { ws: grant.workspaceId },
        ttlSeconds,
      }),
    /** The grant of a valid token; null for a forged, malformed, expired or foreign one. */
    async verify(token: string): Promise<RecordingGrant | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.ws !== 'string') return null;
        return { voiceMessageId: payload.sub, workspaceId: payload.ws };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type RecordingTokens = ReturnType<typeof createRecordingTokens>;
