import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { errors } from '../i18n/locales/en/errors';
import { ApiError } from './api-client';

type ErrorCodeKey = Exclude<keyof typeof errors, 'pages'>;

/**
 * A failed call (an ApiError, or a 200 answer carrying `{ error, code }`) in the user's language:
 * translated by its code (`errors:<code>`); the server's English text only for an unknown code.
 */
export function useApiErrorMessage(): (failure: unknown, fallback?: string) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (failure: unknown, fallback?: string) => {
      const { code, message } =
        failure instanceof ApiError
          ? { code: failure.code, message: failure.message }
          : { code: (failure as { code?: unknown })?.code, message: (failure as { error?: unknown })?.error };
      if (typeof code === 'string' && code !== 'pages' && i18n.exists(`errors:${code}`)) {
        return t(code as ErrorCodeKey);
      }
      return typeof message === 'string' && message ? message : (fallback ?? t('INTERNAL'));
    },
    [t, i18n],
  );
}
