import type { UserRole } from '@switchboard/contract';
import { DEFAULT_AFTER_LOGIN } from '../../../lib/routing/access';

/** Where a signed-in user belongs: admins on the control panel, editors (who may not open it) on Home. */
export function homeFor(role: UserRole): string {
  return role === 'admin' ? DEFAULT_AFTER_LOGIN : '/home';
}
