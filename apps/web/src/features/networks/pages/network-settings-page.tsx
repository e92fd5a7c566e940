import { Alert, Button, Card, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useNetworkEvents } from '../api/use-network-events';
import { useNetworks } from '../../../lib/queries/use-networks';
import { NetworkPanels } from '../components/settings/network-panels';
import { NetworkPicker } from '../components/settings/network-picker';
import { NetworkQuickPick } from '../components/settings/network-quick-pick';
import { NetworkSummaryBar } from '../components/settings/network-summary-bar';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useFitViewport } from '../../../lib/use-fit-viewport';
import { useNetworksText } from '../networks-text';
import classes from '../components/settings/network-settings.module.css';

/** A centred message in the space the panels would take. */
function Placeholder({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <Card radius="lg" padding={0} className={classes.panel} data-grow>
      <div className={classes.placeholder}>
        <Stack align="center" ta="center" gap="sm" m="auto" p="xl" w="100%">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconAdjustments size={34} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h4">
            {title}
          </Title>
          {text && (
            <Text c="dimmed" maw={460}>
              {text}
            </Text>
          )}
          {action}
        </Stack>
      </div>
    </Card>
  );
}

/** /network-settings?id=…: one network's settings, test message and log; fits the window (no page scroll). */
export default function NetworkSettingsPage() {
  useNetworkEvents();
  const t = useNetworksText();
  const errorMessage = useApiErrorMessage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const networks = useNetworks();
  const network = id ? networks.data?.find((item) => item.id === id) : undefined;
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  // Below this the test message and the log would squeeze each other: they become tabs.
  const tall = useMediaQuery('(min-height: 860px)', true, { getInitialValueInEffect: false });
  const ref = useFitViewport<HTMLDivElement>();

  const pick = (next: string) => setParams({ id: next }, { replace: true });

  let body: ReactNode;
  if (networks.isPending) {
    body = <Skeleton radius="lg" style={{ flex: 1 }} />;
  } else if (networks.isError) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('list.loadError')}>
        {errorMessage(networks.error)}
      </Alert>
    );
  } else if (networks.data.length === 0) {
    body = (
      <Placeholder
        title={t('settings.noNetworks')}
        action={
          <Button component={Link} to="/views/networks?add=1" leftSection={<IconPlus size={18} aria-hidden />}>
            {t('settings.addFirst')}
          </Button>
        }
      />
    );
  } else if (!id) {
    body = (
      <Placeholder
        title={t('settings.choose.title')}
        text={t('settings.choose.text')}
        action={<NetworkQuickPick networks={networks.data} onPick={pick} />}
      />
    );
  } else if (!network) {
    body = (
      <Placeholder
        title={t('settings.notFound')}
        action={<NetworkQuickPick networks={networks.data} onPick={pick} />}
      />
    );
  } else {
    body = (
      <NetworkPanels
        network={network}
        layout={wide ? (tall ? 'columns' : 'side-tabs') : 'tabs'}
        onDeleted={() => void navigate('/views/networks')}
      />
    );
  }

  return (
    <div ref={ref} className={classes.page}>
      <NetworkSummaryBar
        network={network}
        picker={<NetworkPicker networks={networks.data ?? []} value={id} onChange={pick} />}
      />
      {body}
    </div>
  );
}
