import { Alert, Code, Group, Loader, Stack, Text } from '@mantine/core';
import type { ConnectionTestResult, CreateNetworkBody } from '@switchboard/contract';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { hasConnectionTest } from '../../lib/network-kinds';
import { useNetworksText } from '../../networks-text';
import { NetworkKindIcon } from '../network-kind-icon';
import classes from './wizard.module.css';

export interface ConnectionTestState {
  pending: boolean;
  result: ConnectionTestResult | undefined;
  error: unknown;
}

/** Where the test connects to, as people know it: the centre's host:port or the API's host. */
export function connectionTarget(body: CreateNetworkBody): string {
  if (body.kind === 'smpp') return `${body.settings.host}:${body.settings.port}`;
  if (body.kind === 'http') {
    try {
      return new URL(body.settings.apiBaseUrl ?? '').host;
    } catch {
      return body.settings.apiBaseUrl ?? '';
    }
  }
  return body.name;
}

/** Step 3: what will be saved and, for SMPP and HTTP, whether the centre or provider accepts it. */
export function ConnectionStep({ body, test }: { body: CreateNetworkBody; test: ConnectionTestState }) {
  const t = useNetworksText();
  const target = connectionTarget(body);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" className={classes.summary} aria-label={t('wizard.test.summary')} role="group">
        <NetworkKindIcon kind={body.kind} size="xl" />
        <Stack gap={0} miw={0}>
          <Text fw={700} c="bright" truncate>
            {body.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`kinds.${body.kind}.title`)}
            {hasConnectionTest(body.kind) && (
              <>
                {' · '}
                <span dir="ltr">{target}</span>
              </>
            )}
          </Text>
        </Stack>
      </Group>
      <TestOutcome body={body} test={test} target={target} />
    </Stack>
  );
}

/** What the test said: nothing to test (sandbox, Android), running, working, or the other side's error. */
function TestOutcome({ body, test, target }: { body: CreateNetworkBody; test: ConnectionTestState; target: string }) {
  const t = useNetworksText();
  const errorMessage = useApiErrorMessage();
  if (!hasConnectionTest(body.kind)) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
        {t(body.kind === 'android' ? 'wizard.test.android' : 'wizard.test.sandbox')}
      </Alert>
    );
  }
  if (test.pending) {
    return (
      <Group gap="sm" role="status" py="md">
        <Loader size="sm" />
        <Text>{t('wizard.test.running', { target })}</Text>
      </Group>
    );
  }
  if (test.result?.ok) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck aria-hidden />}
        title={t('wizard.test.ok')}
        role="status"
      >
        {t(body.kind === 'smpp' ? 'wizard.test.okSmpp' : 'wizard.test.okHttp')}
      </Alert>
    );
  }
  if (!test.result && !test.error) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('wizard.test.failed')}
      role="alert"
    >
      <Stack gap="xs">
        {test.result ? (
          <>
            <Text size="sm">{t('wizard.test.answer', { target })}</Text>
            <Code block dir="ltr" data-testid="connection-error">
              {test.result.error}
            </Code>
          </>
        ) : (
          <Text size="sm">{errorMessage(test.error)}</Text>
        )}
        <Text size="sm">{t('wizard.test.failedHint')}</Text>
      </Stack>
    </Alert>
  );
}
