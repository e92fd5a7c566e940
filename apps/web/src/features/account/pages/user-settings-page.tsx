import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconDevices, IconKey, IconLanguage, IconMail, IconPhoto, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useAccountText } from '../account-text';
import { useAccount } from '../api/use-account';
import { AvatarSection } from '../components/avatar-section';
import { EmailSection } from '../components/email-section';
import { PasswordSection } from '../components/password-section';
import { PreferencesSection } from '../components/preferences-section';
import { ProfileSection } from '../components/profile-section';
import { SessionsSection } from '../components/sessions-section';
import { SettingsLayout } from '../components/settings-layout';
import { TwoFactorSection } from '../components/two-factor-section';

const icon = { size: 18, 'aria-hidden': true } as const;

/** /pages/user-settings/UserSettings (everyone signed in): the caller's own account. */
export default function UserSettingsPage() {
  const t = useAccountText();
  const errorMessage = useApiErrorMessage();
  const account = useAccount();

  if (account.isPending) return <Skeleton height={480} radius="lg" />;
  if (account.isError)
    return (
      <Alert color="red" title={t('loadFailed')} role="alert">
        <Stack gap="xs" align="flex-start">
          {errorMessage(account.error)}
          <Button size="xs" variant="default" onClick={() => void account.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );

  const data = account.data;
  return (
    <SettingsLayout
      label={t('user.sections')}
      sections={[
        {
          id: 'profile',
          label: t('user.profile'),
          description: t('user.profileText'),
          icon: <IconUser {...icon} />,
          content: <ProfileSection account={data} />,
        },
        {
          id: 'avatar',
          label: t('user.avatar'),
          description: t('user.avatarText'),
          icon: <IconPhoto {...icon} />,
          content: <AvatarSection account={data} />,
        },
        {
          id: 'email',
          label: t('user.email'),
          description: t('user.emailText'),
          icon: <IconMail {...icon} />,
          content: <EmailSection account={data} />,
        },
        {
          id: 'password',
          label: t('user.password'),
          description: t('user.passwordText'),
          icon: <IconKey {...icon} />,
          content: <PasswordSection />,
        },
        {
          id: 'preferences',
          label: t('user.preferences'),
          description: t('user.preferencesText'),
          icon: <IconLanguage {...icon} />,
          content: <PreferencesSection />,
        },
        {
          id: 'sessions',
          label: t('user.sessions'),
          description: t('user.sessionsText'),
          icon: <IconDevices {...icon} />,
          content: <SessionsSection />,
        },
        {
          id: 'two-factor',
          label: t('user.twoFactor'),
          description: t('user.twoFactorText'),
          icon: <IconShieldLock {...icon} />,
          content: <TwoFactorSection account={data} />,
        },
      ]}
    />
  );
}
