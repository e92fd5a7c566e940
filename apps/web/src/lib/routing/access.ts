import { roleSatisfies, type UserRole } from '@switchboard/contract';
import type { SessionState } from '../session';
import type { PageHandle } from './page-handle';

export type Access = 'allow' | 'wait' | 'login' | 'not-authorized';

/**
 * The route guard's decision (spec §2, §6): anonymous visitors of a login-required page sign in
 * first; a signed-in user whose role does not satisfy the page's rule is not authorized.
 */
export function decideAccess(handle: Pick<PageHandle, 'loginRequired' | 'rule'>, state: SessionState): Access {
  if (state.status === 'loading') return 'wait';
  if (state.status === 'anonymous') return handle.loginRequired ? 'login' : 'allow';
  if (handle.rule && !roleSatisfies(state.user.userRole, handle.rule)) return 'not-authorized';
  return 'allow';
}

export const DEFAULT_AFTER_LOGIN = '/dashboard/analytics';

/** Where a signed-in user belongs: admins on the control panel, editors (who may not open it) on Home. */
export function homeFor(role: UserRole): string {
  return role === 'admin' ? DEFAULT_AFTER_LOGIN : '/home';
}

/** The login page for a wanted location, e.g. `/pages/login?to=%2Fviews%2Fnetworks`. */
export function loginPathFor(wanted: string): string {
  return `/pages/login?to=${encodeURIComponent(wanted)}`;
}

/** Where to go after sign-in: `to` when it is a local path of this app, never another site. */
export function safeRedirectTarget(to: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  try {
    const url = new URL(to, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    if (url.pathname.startsWith('/pages/login') || url.pathname.startsWith('/pages/register')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
