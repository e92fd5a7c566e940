import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { Account, TwoFactorSetup } from '@switchboard/contract';
import { IconRefresh, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAccountText } from '../account-text';
import { useTwoFactor } from '../api/use-two-factor';
import { RecoveryCodesView } from './recovery-codes-view';
import { TwoFactorConfirmForm } from './two-factor-confirm-form';

// The QR code's library comes only with the setup.
const TwoFactorSetupStep = lazy(() => import('./two-factor-setup'));

type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'scan'; setup: TwoFactorSetup }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' }
  | { name: 'regenerate' };

/** TOTP two-factor sign-in: set up (password, QR code, a code), recovery codes shown once, off, new codes. */
export function TwoFactorSection({ account }: { account: Account }) {
  const t = useAccountText();
  const notify = useFeatureNotifications(t('twoFactor.failed'));
  const { setup, disable, regenerate } = useTwoFactor();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const idle = () => setStep({ name: 'idle' });
  const failed = (fail: (error: unknown) => void) => (error: unknown) => {
    fail(error);
    notify.failure(error);
  };

  if (step.name === 'codes') return <RecoveryCodesView codes={step.codes} email={account.email} onDone={idle} />;
  if (step.name === 'scan')
    return (
      <Suspense fallback={<Skeleton height={320} radius="md" />}>
        <TwoFactorSetupStep
          setup={step.setup}
          onCancel={idle}
          onEnabled={({ recoveryCodes }) => {
            notify.success(t('twoFactor.enabled'));
            setStep({ name: 'codes', codes: recoveryCodes });
          }}
        />
      </Suspense>
    );

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={600}>{t('twoFactor.status')}</Text>
        <Badge
          color={account.twoFactorEnabled ? 'green' : 'gray'}
          variant={account.twoFactorEnabled ? 'light' : 'default'}
          data-testid="two-factor-status"
        >
          {account.twoFactorEnabled ? t('twoFactor.on') : t('twoFactor.off')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" maw={560}>
        {account.twoFactorEnabled ? t('twoFactor.onText') : t('twoFactor.offText')}
      </Text>
      {account.twoFactorEnabled && (
        <Alert color={account.recoveryCodesLeft > 2 ? 'blue' : 'orange'} variant="light" maw={560}>
          {t('twoFactor.codesLeft', { count: account.recoveryCodesLeft })}
        </Alert>
      )}

      {step.name === 'idle' &&
        (account.twoFactorEnabled ? (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => setStep({ name: 'regenerate' })}
            >
              {t('twoFactor.regenerate')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconShieldOff size={18} aria-hidden />}
              onClick={() => setStep({ name: 'disable' })}
            >
              {t('twoFactor.disable')}
            </Button>
          </Group>
        ) : (
          <Group>
            <Button
              leftSection={<IconShieldCheck size={18} aria-hidden />}
              onClick={() => setStep({ name: 'password' })}
            >
              {t('twoFactor.setUp')}
            </Button>
          </Group>
        ))}

      {step.name === 'password' && (
        <TwoFactorConfirmForm
          withCode={false}
          submitLabel={t('twoFactor.continue')}
          submitIcon={<IconShieldCheck size={18} aria-hidden />}
          loading={setup.isPending}
          onCancel={idle}
          onSubmit={({ password }, fail) =>
            setup.mutate(
              { password },
              { onSuccess: (answer) => setStep({ name: 'scan', setup: answer }), onError: failed(fail) },
            )
          }
        />
      )}
      {step.name === 'regenerate' && (
        <TwoFactorConfirmForm
          withCode
          submitLabel={t('twoFactor.regenerate')}
          submitIcon={<IconRefresh size={18} aria-hidden />}
          loading={regenerate.isPending}
          onCancel={idle}
          onSubmit={(body, fail) =>
            regenerate.mutate(body, {
              onSuccess: ({ recoveryCodes }) => setStep({ name: 'codes', codes: recoveryCodes }),
              onError: failed(fail),
            })
          }
        />
      )}
      {step.name === 'disable' && (
        <TwoFactorConfirmForm
          withCode
          danger
          submitLabel={t('twoFactor.disable')}
          submitIcon={<IconShieldOff size={18} aria-hidden />}
          loading={disable.isPending}
          onCancel={idle}
          onSubmit={(body, fail) =>
            disable.mutate(body, {
              onSuccess: () => {
                notify.success(t('twoFactor.disabled'));
                idle();
              },
              onError: failed(fail),
            })
          }
        />
      )}
    </Stack>
  );
}
