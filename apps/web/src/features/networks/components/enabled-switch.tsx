import { Switch, type SwitchProps } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { useUpdateNetwork } from '../api/use-update-network';
import { useNetworksNotifications } from '../hooks/use-networks-notifications';
import { useNetworksText } from '../networks-text';

interface EnabledSwitchProps extends Omit<SwitchProps, 'checked' | 'onChange'> {
  network: Network;
}

/**
 * Turns a network on or off at once (a disabled network neither sends nor accepts messages).
 * Without a visible label it is named after the network for screen readers.
 */
export function EnabledSwitch({ network, label, ...props }: EnabledSwitchProps) {
  const t = useNetworksText();
  const notify = useNetworksNotifications();
  const update = useUpdateNetwork();
  const checked = update.isPending && update.variables ? Boolean(update.variables.body.enabled) : network.enabled;
  return (
    <Switch
      {...props}
      checked={checked}
      disabled={update.isPending}
      label={label}
      aria-label={label ? undefined : t('list.enabledLabel', { name: network.name })}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => {
        const enabled = event.currentTarget.checked;
        update.mutate(
          { id: network.id, body: { enabled } },
          {
            onSuccess: ({ network: saved }) =>
              notify.success(t(enabled ? 'list.enabledNotice' : 'list.disabledNotice', { name: saved.name })),
            onError: notify.failure,
          },
        );
      }}
    />
  );
}
