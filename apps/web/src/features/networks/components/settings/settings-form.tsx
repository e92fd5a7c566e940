import { Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Network } from '@switchboard/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { useUpdateNetwork } from '../../api/use-update-network';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useNetworksNotifications } from '../../hooks/use-networks-notifications';
import { formValuesOf, updateBody, type NetworkFormValues } from '../../lib/network-form';
import { checkUpdateBody, serverFieldErrors } from '../../lib/network-validation';
import { httpSettingsOf, smppSettingsOf } from '../../lib/settings-view';
import { useNetworksText } from '../../networks-text';
import { CommonFields } from '../fields/common-fields';
import { HttpFields } from '../fields/http-fields';
import { SmppFields } from '../fields/smpp-fields';
import { PanelCard } from './panel-card';
import classes from './network-settings.module.css';

interface SettingsFormProps {
  network: Network;
  /** The kind's own section (webhooks, phone, sandbox) and the delete section, below the fields. */
  children: ReactNode;
  /** The card's title (none under the narrow layout's tabs, which name it). */
  title?: string;
  /** Beside the connection settings' heading (e.g. "Test connection"). */
  connectionActions?: ReactNode;
}

/**
 * Name, number, throughput and the kind's settings. Only what changed is sent; a secret left
 * empty keeps the stored one. Mounted anew when the saved values change (see the page).
 */
export function SettingsForm({ network, title, children, connectionActions }: SettingsFormProps) {
  const t = useNetworksText();
  const notify = useNetworksNotifications();
  const errorMessage = useApiErrorMessage();
  const formId = useId();
  const update = useUpdateNetwork();
  const form = useForm<NetworkFormValues>({ initialValues: formValuesOf(network) });
  const smpp = smppSettingsOf(network);
  const http = httpSettingsOf(network);

  const submit = form.onSubmit((values) => {
    const body = updateBody(network, values);
    if (Object.keys(body).length === 0) {
      notify.success(t('settings.noChanges'));
      return;
    }
    const checked = checkUpdateBody(network.kind, body, t);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    // Awaited rather than callbacks: a saved change re-mounts this form (see the page), and
    // mutate's own callbacks do not run for an unmounted component.
    update.mutateAsync({ id: network.id, body: checked.data }).then(
      () => notify.success(t('settings.saved')),
      (error: unknown) => {
        if (error instanceof ApiError && error.fields?.length) {
          const translated = error.code === 'VALIDATION_FAILED' ? undefined : errorMessage(error);
          form.setErrors(serverFieldErrors(network.kind, error.fields, translated));
        }
        notify.failure(error);
      },
    );
  });

  return (
    <PanelCard
      title={title}
      footer={
        <Group justify="flex-end" gap="xs" wrap="wrap">
          {form.isDirty() && (
            <Button variant="default" onClick={() => form.reset()} disabled={update.isPending}>
              {t('settings.reset')}
            </Button>
          )}
          <Button
            type="submit"
            form={formId}
            loading={update.isPending}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {t('settings.save')}
          </Button>
        </Group>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h6" c="dimmed" tt="uppercase">
            {t('settings.general')}
          </Title>
          <CommonFields form={form} kind={network.kind} withAddress />
        </Stack>
        {(smpp || http) && (
          <Stack gap="sm" className={classes.section}>
            <Group justify="space-between" gap="sm">
              <Title order={3} size="h6" c="dimmed" tt="uppercase">
                {t('settings.connection')}
              </Title>
              {connectionActions}
            </Group>
            {smpp && <SmppFields form={form} maskedPassword={smpp.password} />}
            {http && <HttpFields form={form} maskedAuthToken={http.authToken} />}
          </Stack>
        )}
      </form>
      {children}
    </PanelCard>
  );
}
