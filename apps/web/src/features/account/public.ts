import { lazy } from 'react';

// What the account feature offers the others. The login page's two-factor step is a lazy chunk:
// the first visit of /pages/login stays within its JavaScript budget.
export const TwoFactorLoginStep = lazy(() => import('./components/two-factor-login-step'));
