import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useAccountText } from '../account-text';
import { isWrongCode, isWrongPassword } from '../lib/failures';
import { normaliseCode } from '../lib/recovery-codes';
import { CodeInput } from './code-input';
import { PasswordField } from '../../auth/public';

interface TwoFactorConfirmFormProps {
  /** Ask for a current code from the app too (turning off, new recovery codes). */
  withCode: boolean;
  submitLabel: string;
  submitIcon: ReactNode;
  danger?: boolean;
  loading: boolean;
  onSubmit: (values: { password: string; code: string }, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}

/** The password (and a current code) that a two-factor change asks for; wrong ones shown on their fields. */
export function TwoFactorConfirmForm(props: TwoFactorConfirmFormProps) {
  const { withCode, submitLabel, submitIcon, danger, loading, onSubmit, onCancel } = props;
  const t = useAccountText();
  const form = useForm({ initialValues: { password: '', code: '' } });
  const submit = form.onSubmit(({ password, code }) => {
    const digits = normaliseCode(code);
    const errors = {
      ...(password ? {} : { password: t('password.required') }),
      ...(withCode && !/^\d{6}$/.test(digits) ? { code: t('twoFactor.codeFormat') } : {}),
    };
    if (Object.keys(errors).length > 0) return form.setErrors(errors);
    onSubmit({ password, code: digits }, (error) => {
      if (isWrongPassword(error)) form.setFieldError('password', t('password.wrong'));
      if (isWrongCode(error)) form.setFieldError('code', t('twoFactor.wrongCode'));
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        {withCode && <CodeInput label={t('twoFactor.code')} required {...form.getInputProps('code')} />}
        <Group gap="sm">
          <Button type="submit" color={danger ? 'red' : undefined} loading={loading} leftSection={submitIcon}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
