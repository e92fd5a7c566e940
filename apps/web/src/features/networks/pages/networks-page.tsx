import { Button, Card, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useNetworkEvents } from '../api/use-network-events';
import { NetworksList } from '../components/list/networks-list';
import { useNetworksText } from '../networks-text';
import classes from './networks-page.module.css';

// Loaded when opened: the wizard brings the contract's schemas, the phone its thread.
const AddNetworkWizard = lazy(() => import('../components/wizard/add-network-wizard'));
const VirtualPhoneDrawer = lazy(() => import('../components/phone/virtual-phone-drawer'));

/** /views/networks: the workspace's networks, the "Add New Network" wizard (?add=1), the virtual phone (?phone=id). */
export default function NetworksPage() {
  useNetworkEvents();
  const t = useNetworksText();
  const [params, setParams] = useSearchParams();
  const adding = params.get('add') === '1';
  const phoneId = params.get('phone');

  const setPanels = useCallback(
    (change: { add?: boolean; phone?: string | null }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (change.add !== undefined) {
            if (change.add) next.set('add', '1');
            else next.delete('add');
          }
          if (change.phone !== undefined) {
            if (change.phone) next.set('phone', change.phone);
            else next.delete('phone');
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <>
      <Card radius="lg" padding={0} className={classes.card}>
        <Group justify="space-between" align="center" p="md" className={classes.header}>
          {/* The page's title (h1) is the layout's: this line says what the list is. */}
          <Text size="sm" c="dimmed" maw={560}>
            {t('list.subtitle')}
          </Text>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setPanels({ add: true })}>
            {t('wizard.title')}
          </Button>
        </Group>
        <NetworksList
          onAdd={() => setPanels({ add: true })}
          onOpenPhone={(network) => setPanels({ phone: network.id })}
        />
      </Card>
      <Suspense fallback={null}>
        {adding && (
          <AddNetworkWizard
            onClose={() => setPanels({ add: false })}
            onOpenPhone={(id) => setPanels({ add: false, phone: id })}
          />
        )}
        {phoneId && <VirtualPhoneDrawer networkId={phoneId} onClose={() => setPanels({ phone: null })} />}
      </Suspense>
    </>
  );
}
