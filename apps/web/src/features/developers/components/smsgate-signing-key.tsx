import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconEye, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useRotateSmsgateSigningKey, useSmsgateSigningKey } from '../api/use-smsgate-signing-key';
import { useDevelopersText } from '../developers-text';
import { useDevelopersNotifications } from '../hooks/use-developers-notifications';
import { CopyCode } from '../../../components/copy-code';
import classes from './developers.module.css';

/** The workspace's SMSGate signing key (X-Signature of SMSGate-format webhooks): shown on request, rotatable. */
export function SmsgateSigningKey() {
  const t = useDevelopersText();
  const errorMessage = useApiErrorMessage();
  const notify = useDevelopersNotifications();
  const [shown, setShown] = useState(false);
  const key = useSmsgateSigningKey(shown);
  const rotate = useRotateSmsgateSigningKey();
  const label = t('webhooks.smsgateKey.title');
  const rotateKey = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setShown(true);
        notify.success(t('webhooks.smsgateKey.rotated'));
      },
      onError: notify.failure,
    });

  return (
    <Stack gap="xs" mt="md">
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Text size="sm" className={classes.quietLabel}>
        {t('webhooks.smsgateKey.hint')}
      </Text>
      {shown && key.data && <CopyCode label={label} code={key.data.key} />}
      {shown && key.isError && (
        <Alert color="red" role="alert" title={t('webhooks.smsgateKey.loadFailed')}>
          {errorMessage(key.error)}
        </Alert>
      )}
      <Group gap="xs">
        {!shown && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} aria-hidden />}
            onClick={() => setShown(true)}
          >
            {t('webhooks.smsgateKey.show')}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={rotate.isPending}
          onClick={rotateKey}
        >
          {t('webhooks.smsgateKey.rotate')}
        </Button>
      </Group>
    </Stack>
  );
}
