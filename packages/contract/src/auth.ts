import { z } from 'zod';
import { UserDataSchema } from './users.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** Spec §5 messages, used verbatim. */
export const AuthMessages = {
  emailInUse: 'This email is already in use.',
  nameRequired: 'Please enter your name.',
  invalidCredentials: 'Email Or Password Invalid',
  passwordTooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
} as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid e-mail address.' }).max(254))
  .describe('E-mail address; compared case-insensitively.');

const newPassword = z
  .string({ error: 'Please enter a password.' })
  .min(PASSWORD_MIN_LENGTH, { error: AuthMessages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.` })
  .describe(`New password, ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters.`);

export const RegisterBodySchema = z.object({
  displayName: z
    .string({ error: AuthMessages.nameRequired })
    .trim()
    .min(1, { error: AuthMessages.nameRequired })
    .max(100)
    .describe('The new user’s name.'),
  email,
  password: newPassword,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).describe('The account password.'),
  rememberMe: z
    .boolean()
    .optional()
    .describe(
      'Keep the session after the browser closes (default true). False makes the refresh cookie a session cookie.',
    ),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const SessionResponseSchema = z.object({
  userData: UserDataSchema,
  accessToken: z.string().describe('Short-lived JWT; send it as `Authorization: Bearer <token>`.'),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** Spec §7: a failed login answers 200 with an error field. */
export const LoginFailureSchema = z.object({
  error: z.string().describe('Always "Email Or Password Invalid": never says which part was wrong.'),
  code: z.literal('INVALID_CREDENTIALS'),
});
/**
 * Sign-in with two-factor on: `POST /api/auth/login` answers 200 `{ twoFactorRequired: true,
 * challenge }` instead of a session (no cookie); then `POST /api/auth/login/two-factor` with the
 * challenge (valid 5 minutes) and a code or a recovery code answers like a login. A code is
 * accepted once (a reused code → 401 `TWO_FACTOR_INVALID`), a recovery code once ever.
 */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

export const LoginResponseSchema = z.union([SessionResponseSchema, TwoFactorChallengeSchema, LoginFailureSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshBodySchema = z
  .object({ accessToken: z.string().optional().describe('The expired access token (ignored; the cookie decides).') })
  // A bodiless POST (the usual browser call) arrives as null.
  .nullish();
export const RefreshResponseSchema = z.object({ accessToken: z.string() });

export const ForgotPasswordBodySchema = z.object({ email });
export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200).describe('The token from the reset link.'),
  password: newPassword,
});
export const UnlockBodySchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).describe('The current user’s password.'),
});

export const OkResponseSchema = z.object({ ok: z.literal(true) });
export const MeResponseSchema = z.object({ userData: UserDataSchema });

/** Sign-in methods besides e-mail and password (spec §1): the hosted identity provider and four social ones. */
export const AuthProviderId = z
  .enum(['hosted', 'google', 'facebook', 'twitter', 'github'])
  .describe('`hosted` is the hosted identity provider (returns to /callback); the others are social sign-in.');
export type AuthProviderId = z.infer<typeof AuthProviderId>;

export const AuthProviderSchema = z.object({
  id: AuthProviderId,
  name: z.string().describe('Label for the sign-in button, e.g. "Google".'),
  url: z.string().describe('Where the browser goes to start the sign-in, e.g. `/api/auth/google`.'),
});
export type AuthProvider = z.infer<typeof AuthProviderSchema>;

export const AuthProvidersResponseSchema = z.object({
  providers: z
    .array(AuthProviderSchema)
    .describe('The configured providers; the login page shows their buttons only when this is not empty.'),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;
