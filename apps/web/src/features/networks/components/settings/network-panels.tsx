import { ActionIcon, Tabs, Tooltip } from '@mantine/core';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { Network } from '@switchboard/contract';
import type { ReactNode } from 'react';
import { IconRefresh } from '@tabler/icons-react';
import { networkKeys } from '../../api/network-keys';
import { formValuesOf } from '../../lib/network-form';
import { hasConnectionTest } from '../../lib/network-kinds';
import { androidSettingsOf, httpSettingsOf, sandboxSettingsOf } from '../../lib/settings-view';
import { useNetworksText } from '../../networks-text';
import { AndroidSection } from '../android/android-section';
import { DeleteNetworkSection } from './delete-network-section';
import { NetworkLogTable } from './network-log-table';
import { PanelCard } from './panel-card';
import { SandboxSection } from './sandbox-section';
import { SettingsForm } from './settings-form';
import { TestConnectionButton } from './test-connection-button';
import { TestMessagePanel } from './test-message-panel';
import { WebhooksSection } from './webhooks-section';
import classes from './network-settings.module.css';

interface NetworkPanelsProps {
  network: Network;
  /**
   * `columns`: all three side by side (wide and tall windows); `side-tabs`: the settings beside
   * the test message and the log as tabs (wide but short windows); `tabs`: one at a time.
   */
  layout: 'columns' | 'side-tabs' | 'tabs';
  onDeleted: () => void;
}

type PanelId = 'settings' | 'test' | 'log';

/** Panels one at a time, chosen by tabs; each fills the room left and scrolls inside. */
function PanelTabs({ panels }: { panels: Array<{ id: PanelId; label: string; content: ReactNode }> }) {
  return (
    <Tabs defaultValue={panels[0]!.id} className={classes.tabs} classNames={{ panel: classes.tabPanel }}>
      <Tabs.List grow>
        {panels.map((panel) => (
          <Tabs.Tab key={panel.id} value={panel.id}>
            {panel.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {panels.map((panel) => (
        <Tabs.Panel key={panel.id} value={panel.id}>
          {panel.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The settings form, the test message and the log of one network. */
export function NetworkPanels({ network, layout, onDeleted }: NetworkPanelsProps) {
  const t = useNetworksText();
  const queryClient = useQueryClient();
  const refreshingLog = useIsFetching({ queryKey: networkKeys.logs(network.id) }) > 0;
  const http = httpSettingsOf(network);
  const android = androidSettingsOf(network);
  const sandbox = sandboxSettingsOf(network);
  // Under tabs the tab names the panel; side by side each panel carries its title.
  const titled = layout === 'columns';
  const stacked = layout !== 'tabs';

  const settings = (
    <SettingsForm
      // Saved values changed (this page, another admin): start again from them.
      key={`${network.id}:${JSON.stringify(formValuesOf(network))}`}
      network={network}
      title={stacked ? t('settings.tabs.settings') : undefined}
      connectionActions={hasConnectionTest(network.kind) ? <TestConnectionButton networkId={network.id} /> : undefined}
    >
      {http && <WebhooksSection settings={http} />}
      {android && <AndroidSection network={network} settings={android} />}
      {sandbox && <SandboxSection networkId={network.id} settings={sandbox} />}
      <DeleteNetworkSection network={network} onDeleted={onDeleted} />
    </SettingsForm>
  );
  const testMessage = (
    <TestMessagePanel network={network} title={titled ? t('settings.testMessage.title') : undefined} grow={!titled} />
  );
  const log = (
    <PanelCard
      title={titled ? t('settings.log.title') : undefined}
      description={t('settings.log.text')}
      actions={
        <Tooltip label={t('settings.log.refresh')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('settings.log.refresh')}
            loading={refreshingLog}
            onClick={() => void queryClient.invalidateQueries({ queryKey: networkKeys.logs(network.id) })}
          >
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      }
    >
      <NetworkLogTable networkId={network.id} />
    </PanelCard>
  );

  const testTab = { id: 'test' as const, label: t('settings.tabs.test'), content: testMessage };
  const logTab = { id: 'log' as const, label: t('settings.tabs.log'), content: log };
  if (layout === 'tabs') {
    return (
      <PanelTabs
        panels={[{ id: 'settings', label: t('settings.tabs.settings'), content: settings }, testTab, logTab]}
      />
    );
  }
  return (
    <div className={classes.columns}>
      {settings}
      <div className={classes.side}>
        {layout === 'columns' ? (
          <>
            {testMessage}
            {log}
          </>
        ) : (
          <PanelTabs panels={[testTab, logTab]} />
        )}
      </div>
    </div>
  );
}
