import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { session } from '../../../lib/session';
import { homeFor } from '../../../lib/routing/access';
import { useAuthNotifications } from './use-auth-notifications';

/**
 * Spec §8 "Login Attempt": a user who is already signed in when opening login or register is
 * warned once and sent home. Signing in on the page itself does not count (decided on arrival;
 * the guard renders pages only once the session is known).
 * Returns true while that redirect is under way, so the page can skip its form.
 */
export function useRedirectSignedIn(): boolean {
  const [signedInUser] = useState(() => {
    const current = session.get();
    return current.status === 'authenticated' ? current.user : null;
  });
  const navigate = useNavigate();
  const notify = useAuthNotifications();
  const warned = useRef(false);

  useEffect(() => {
    if (!signedInUser || warned.current) return;
    warned.current = true;
    notify.alreadyLoggedIn();
    void navigate(homeFor(signedInUser.userRole), { replace: true });
  }, [signedInUser, navigate, notify]);

  return signedInUser !== null;
}
