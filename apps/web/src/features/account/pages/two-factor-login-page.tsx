import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { homeFor, safeRedirectTarget } from '../../../lib/routing/access';
import { session } from '../../../lib/session';
import TwoFactorLoginStep from '../components/two-factor-login-step';

/** What the login page hands over in the history state. */
interface ChallengeState {
  challenge: string;
  rememberMe: boolean;
}

function challengeOf(state: unknown): ChallengeState | null {
  const value = state as Partial<ChallengeState> | null;
  return typeof value?.challenge === 'string'
    ? { challenge: value.challenge, rememberMe: value.rememberMe !== false }
    : null;
}

/**
 * /pages/two-factor: the login's second step when two-factor is on. Its own page (a chunk loaded
 * only then) rather than part of the login page, whose first visit has a JavaScript budget. The
 * challenge comes in the history state; opened without one (a reload after it), back to login.
 */
export default function TwoFactorLoginPage() {
  const { state, search } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = challengeOf(state);
  if (!login) return <Navigate to={{ pathname: '/pages/login', search }} replace />;
  return (
    <TwoFactorLoginStep
      challenge={login.challenge}
      onSignedIn={(answer) => {
        session.signIn(answer.userData, answer.accessToken, login.rememberMe);
        // As the login page: admins on the control panel, editors on Home, or the wanted page.
        void navigate(safeRedirectTarget(params.get('to'), homeFor(answer.userData.userRole)), { replace: true });
      }}
      onBack={() => void navigate({ pathname: '/pages/login', search }, { replace: true })}
    />
  );
}
