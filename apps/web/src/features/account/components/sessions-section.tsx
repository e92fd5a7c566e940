import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { AccountSession } from '@switchboard/contract';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconLogout } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { isolateLtr } from '../../../lib/isolate';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAccountText } from '../account-text';
import { useSessions, useSignOutSession } from '../api/use-sessions';
import { browserAndSystem, deviceKind } from '../lib/session-device';

const DEVICE_ICONS = { mobile: IconDeviceMobile, tablet: IconDeviceTablet, desktop: IconDeviceDesktop };

function SessionRow({ session, onSignOut, busy }: { session: AccountSession; onSignOut: () => void; busy: boolean }) {
  const t = useAccountText();
  const kind = deviceKind(session);
  const Icon = DEVICE_ICONS[kind];
  const name = browserAndSystem(session) ?? t(`sessions.devices.${kind}`);
  return (
    <Paper withBorder radius="md" p="md" data-testid="account-session" aria-current={session.current || undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="md" wrap="nowrap" align="flex-start" miw={0}>
          <ThemeIcon variant="light" size="lg" radius="md">
            <Icon size={20} aria-hidden />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={600}>{name}</Text>
              {session.current && (
                <Badge color="green" variant="light">
                  {t('sessions.current')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('sessions.ip', { ip: isolateLtr(session.ip ?? t('sessions.unknownIp')) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('sessions.lastUsed', { time: isolateLtr(formatDateTime(session.lastUsedAt)) })}
              {' · '}
              {t('sessions.signedIn', { time: isolateLtr(formatDateTime(session.createdAt)) })}
            </Text>
          </Stack>
        </Group>
        {!session.current && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconLogout size={16} aria-hidden />}
            loading={busy}
            onClick={onSignOut}
            aria-label={t('sessions.signOutNamed', { name })}
          >
            {t('sessions.signOut')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The user's live sessions (device, address, last use) with "Sign out" for each other one. */
export function SessionsSection() {
  const t = useAccountText();
  const errorMessage = useApiErrorMessage();
  const notify = useFeatureNotifications(t('sessions.failed'));
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const run = (id: string) =>
    signOut.mutate(id, {
      onSuccess: () => notify.success(id === 'others' ? t('sessions.othersSignedOut') : t('sessions.signedOut')),
      onError: notify.failure,
    });

  if (sessions.isPending) return <Skeleton height={160} radius="md" />;
  if (sessions.isError)
    return (
      <Alert color="red" title={t('loadFailed')}>
        {errorMessage(sessions.error)}
      </Alert>
    );
  const others = sessions.data.filter((session) => !session.current).length;
  return (
    <Stack gap="sm">
      {sessions.data.map((session) => (
        <SessionRow
          key={session.id}
          session={session}
          busy={signOut.isPending && signOut.variables === session.id}
          onSignOut={() => run(session.id)}
        />
      ))}
      <Group mt="sm">
        <Button
          color="red"
          variant="light"
          disabled={others === 0}
          loading={signOut.isPending && signOut.variables === 'others'}
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => run('others')}
        >
          {t('sessions.signOutOthers')}
        </Button>
      </Group>
    </Stack>
  );
}
