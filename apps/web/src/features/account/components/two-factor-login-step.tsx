import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SessionResponse } from '@switchboard/contract';
import { useState } from 'react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { AuthLayout } from '../../auth/public';
import { useAccountText } from '../account-text';
import { useTwoFactorLogin } from '../api/use-two-factor-login';
import { normaliseCode } from '../lib/recovery-codes';
import { CodeInput } from './code-input';

interface TwoFactorLoginStepProps {
  /** From the login's answer; valid 5 minutes. */
  challenge: string;
  onSignedIn: (answer: SessionResponse) => void;
  /** Back to e-mail and password (e.g. the challenge expired). */
  onBack: () => void;
}

/** The login's second step (its page: two-factor-login-page.tsx): a code from the app, or one recovery code. */
export default function TwoFactorLoginStep({ challenge, onSignedIn, onBack }: TwoFactorLoginStepProps) {
  const t = useAccountText();
  const errorMessage = useApiErrorMessage();
  const login = useTwoFactorLogin();
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm({ initialValues: { code: '', recoveryCode: '' } });

  const submit = form.onSubmit(({ code, recoveryCode }) => {
    const body = useRecovery
      ? { challenge, recoveryCode: recoveryCode.trim() }
      : { challenge, code: normaliseCode(code) };
    if (!useRecovery && !/^\d{6}$/.test(body.code ?? '')) return form.setErrors({ code: t('twoFactor.codeFormat') });
    if (useRecovery && (body.recoveryCode ?? '').length < 6)
      return form.setErrors({ recoveryCode: t('twoFactorLogin.recoveryFormat') });
    login.mutate(body, {
      onSuccess: (answer) => onSignedIn(answer),
      onError: (error) => form.setErrors({ [useRecovery ? 'recoveryCode' : 'code']: errorMessage(error) }),
    });
  });

  return (
    <AuthLayout
      title={t('twoFactorLogin.title')}
      subtitle={useRecovery ? t('twoFactorLogin.recoveryText') : t('twoFactorLogin.text')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {useRecovery ? (
            <TextInput
              key="recovery"
              label={t('twoFactorLogin.recoveryCode')}
              autoComplete="off"
              dir="ltr"
              required
              data-autofocus
              autoFocus
              {...form.getInputProps('recoveryCode')}
            />
          ) : (
            <CodeInput key="code" label={t('twoFactor.code')} required autoFocus {...form.getInputProps('code')} />
          )}
          <Button type="submit" fullWidth loading={login.isPending}>
            {t('twoFactorLogin.submit')}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              form.clearErrors();
              setUseRecovery(!useRecovery);
            }}
          >
            {useRecovery ? t('twoFactorLogin.useCode') : t('twoFactorLogin.useRecovery')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
            {t('twoFactorLogin.back')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
