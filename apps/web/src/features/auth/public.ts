// What the auth feature offers other features (ARCHITECTURE.md, "Web folders"): the sign-in pages'
// card layout and password input (the invitation and e-mail pages look like sign-in pages).
export { AuthLayout } from './components/auth-layout';
export { PasswordField } from './components/password-field';
