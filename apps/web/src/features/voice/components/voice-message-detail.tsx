import { Alert, Badge, Button, Center, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconHeadphones, IconMailOpened, IconMail } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useNetworks } from '../../../lib/queries/use-networks';
import { useSetListened } from '../api/use-update-voice-message';
import { useVoiceMessage } from '../api/use-voice-message';
import { formatLength } from '../lib/format-duration';
import { useVoiceText } from '../voice-text';
import { ReplyBySms } from './reply-by-sms';
import { PlayerSkeleton } from './player-skeleton';
import classes from './voice-message-detail.module.css';

// The player brings wavesurfer.js: its own chunk, loaded when a message is opened.
const VoicePlayer = lazy(() => import('./voice-player'));

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

interface VoiceMessageDetailProps {
  id: string | null;
  /** Shown when the detail is stacked below the list (narrow screens). */
  onBack?: () => void;
}

/** The selected voice message: who called, through which network, when, the recording, the transcript, a reply. */
export function VoiceMessageDetail({ id, onBack }: VoiceMessageDetailProps) {
  const t = useVoiceText();
  const errorMessage = useApiErrorMessage();
  const query = useVoiceMessage(id);
  const networks = useNetworks();
  const setListened = useSetListened();

  if (!id) {
    return (
      <Center h="100%" p="xl">
        <Stack align="center" gap="sm" maw={340} ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconHeadphones size={34} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h4">
            {t('detail.placeholderTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('detail.placeholderText')}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (query.isPending) {
    return (
      <Stack p="lg" gap="md" aria-busy>
        <Skeleton height={26} width="40%" />
        <Skeleton height={14} width="60%" />
        <PlayerSkeleton />
        <Skeleton height={60} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert
        m="lg"
        color="red"
        icon={<IconAlertTriangle aria-hidden />}
        title={isNotFound(query.error) ? t('detail.notFound') : errorMessage(query.error)}
      >
        {onBack && (
          <Button mt="sm" size="xs" variant="light" color="red" onClick={onBack}>
            {t('detail.back')}
          </Button>
        )}
      </Alert>
    );
  }

  const message = query.data;
  const network = networks.data?.find((item) => item.id === message.networkId);
  const toggle = () => setListened.mutate({ message, listened: !message.listened });

  return (
    <Stack p="lg" gap="lg" className={classes.detail}>
      {onBack && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden className={classes.backIcon} />}
          onClick={onBack}
          className={classes.back}
        >
          {t('detail.back')}
        </Button>
      )}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={2} size="h3" className={classes.caller}>
            {message.contact.name ? (
              <span dir="auto">{message.contact.name}</span>
            ) : (
              <span dir="ltr">{message.contact.phoneNumber}</span>
            )}
          </Title>
          {message.contact.name && (
            <Text c="dimmed" size="sm" dir="ltr" className={classes.number}>
              {message.contact.phoneNumber}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Badge variant="light" color={message.listened ? 'gray' : undefined} data-testid="listened-state">
            {message.listened ? t('detail.listened') : t('detail.unlistened')}
          </Badge>
          <Button
            size="xs"
            variant="default"
            leftSection={
              message.listened ? <IconMail size={16} aria-hidden /> : <IconMailOpened size={16} aria-hidden />
            }
            onClick={toggle}
            loading={setListened.isPending}
          >
            {message.listened ? t('detail.markUnlistened') : t('detail.markListened')}
          </Button>
        </Group>
      </Group>
      {setListened.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('detail.markFailed')}>
          {errorMessage(setListened.error)}
        </Alert>
      )}

      <dl className={classes.facts}>
        <div>
          <dt>{t('detail.network')}</dt>
          <dd>{network?.name ?? t('list.unknownNetwork')}</dd>
        </div>
        <div>
          <dt>{t('detail.time')}</dt>
          <dd>
            <span dir="ltr">{formatDateTime(message.createdAt)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('detail.duration')}</dt>
          <dd>
            <span dir="ltr">{formatLength(message.durationSeconds)}</span>
          </dd>
        </div>
      </dl>

      <Suspense fallback={<PlayerSkeleton />}>
        <VoicePlayer
          key={message.id}
          message={message}
          onFirstPlay={() => {
            if (!message.listened) setListened.mutate({ message, listened: true });
          }}
        />
      </Suspense>

      <Stack gap={6}>
        <Title order={3} size="h6">
          {t('detail.transcript')}
        </Title>
        {message.transcript ? (
          <Text size="sm" className={classes.transcript}>
            {message.transcript}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('detail.noTranscript')}
          </Text>
        )}
      </Stack>

      <ReplyBySms key={message.id} message={message} />
    </Stack>
  );
}
