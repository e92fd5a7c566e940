import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/secure-token.js';
import { bearerToken } from '../../plugins/auth-guard.js';
import type { AndroidContext } from './android-context.js';
import type { Pairing } from '../../modules/networks/android-pairings.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The phone pairing a mobile API call authenticated as (Android channel routes only). */
    androidPairing: Pairing | null;
  }
}

const disabled = () => new AppError('NETWORK_DISABLED', 'This network is disabled. Enable it to use the phone.');

/*
 * Tokens are found by their SHA-256 through a unique index, so no secret is ever compared byte by
 * byte. Only a token we do not know is a 401: the app answers a 401 by registering again as a new
 * phone, so a database error must surface as a 5xx, never be caught and turned into a 401.
 */

/** POST /device: the registration ("private") token the user typed into the app. */
export function registrationGuard(ctx: AndroidContext): onRequestAsyncHookHandler {
  return async function guard(request) {
    const token = bearerToken(request);
    const pairing = token ? await ctx.pairings.byRegistrationTokenHash(hashToken(token)) : undefined;
    if (!pairing) throw new AppError('UNAUTHENTICATED', 'Unknown registration token. Copy it again from Switchboard.');
    if (!pairing.network.enabled) throw disabled();
    request.androidPairing = pairing;
  };
}

/** Every other call: the device token issued at registration. Each one is a sign of life. */
export function deviceGuard(ctx: AndroidContext): onRequestAsyncHookHandler {
  return async function guard(request) {
    const token = bearerToken(request);
    const pairing = token ? await ctx.pairings.byDeviceTokenHash(hashToken(token)) : undefined;
    if (!pairing?.device.deviceId)
      throw new AppError('UNAUTHENTICATED', 'Unknown device token. Register the phone again.');
    if (!pairing.network.enabled) throw disabled();
    await ctx.deviceSeen(pairing.network);
    request.androidPairing = pairing;
  };
}

/** A pairing with a registered phone. */
export type DevicePairing = Pairing & { device: { deviceId: string } };

function guarded(request: FastifyRequest): Pairing {
  if (!request.androidPairing) throw new AppError('UNAUTHENTICATED', 'Register the phone first.');
  return request.androidPairing;
}

/** The pairing whose registration token a POST /device presented. */
export const registrationOf = (request: FastifyRequest): Pairing => guarded(request);

/** The phone a guarded call came from (throws if a route forgot its guard). */
export function deviceOf(request: FastifyRequest): DevicePairing {
  const pairing = guarded(request);
  if (!pairing.device.deviceId) throw new AppError('UNAUTHENTICATED', 'Register the phone first.');
  return pairing as DevicePairing;
}
