import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RecoveryCodes, TwoFactorSetup } from '@switchboard/contract';
import { IconShieldCheck } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { CopyCode } from '../../../components/copy-code';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAccountText } from '../account-text';
import { useTwoFactor } from '../api/use-two-factor';
import { isWrongCode } from '../lib/failures';
import { normaliseCode } from '../lib/recovery-codes';
import { CodeInput } from './code-input';
import classes from './settings.module.css';

interface TwoFactorSetupProps {
  setup: TwoFactorSetup;
  onEnabled: (codes: RecoveryCodes) => void;
  onCancel: () => void;
}

/**
 * Step two of turning it on: the secret as a QR code (drawn here, never by a remote service: it
 * is a secret) and as text, then a code from the app confirms it. A lazy chunk of its own.
 */
export default function TwoFactorSetupStep({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const t = useAccountText();
  const notify = useFeatureNotifications(t('twoFactor.failed'));
  const { enable } = useTwoFactor();
  const form = useForm({ initialValues: { code: '' } });
  const submit = form.onSubmit(({ code }) => {
    const digits = normaliseCode(code);
    if (!/^\d{6}$/.test(digits)) return form.setErrors({ code: t('twoFactor.codeFormat') });
    enable.mutate(
      { code: digits },
      {
        onSuccess: onEnabled,
        onError: (error) => {
          if (isWrongCode(error)) form.setFieldError('code', t('twoFactor.wrongCode'));
          else notify.failure(error);
        },
      },
    );
  });
  return (
    <Stack gap="md" maw={560}>
      <Text size="sm">{t('twoFactor.setup.scan')}</Text>
      <Paper withBorder radius="md" p={8} className={classes.qr}>
        <QRCodeSVG
          value={setup.otpauthUrl}
          size={184}
          level="M"
          marginSize={2}
          bgColor="#ffffff"
          fgColor="#000000"
          title={t('twoFactor.setup.qrTitle')}
          role="img"
          aria-label={t('twoFactor.setup.qrTitle')}
        />
      </Paper>
      <Text size="sm">{t('twoFactor.setup.orType')}</Text>
      <div data-testid="two-factor-secret">
        <CopyCode label={t('twoFactor.setup.secret')} code={setup.secret} />
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <CodeInput label={t('twoFactor.code')} required {...form.getInputProps('code')} />
          <Group gap="sm">
            <Button type="submit" loading={enable.isPending} leftSection={<IconShieldCheck size={18} aria-hidden />}>
              {t('twoFactor.setup.confirm')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
