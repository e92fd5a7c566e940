// What the auth feature offers other features (ARCHITECTURE.md, "Web folders"): the sign-in pages'
// card layout and password input (the invitation and e-mail pages look like sign-in pages), and
// where a signed-in user belongs.
export { AuthLayout } from './components/auth-layout';
export { PasswordField } from './components/password-field';
export { homeFor } from './lib/home-for';
