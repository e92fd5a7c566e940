import { Button, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Fieldset.css';
import { useForm } from '@mantine/form';
import type { WorkspaceProfile } from '@switchboard/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useNetworks } from '../../../lib/queries/use-networks';
import { timeZones } from '../../../lib/time-zones';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAccountText } from '../account-text';
import { useUpdateWorkspaceProfile } from '../api/use-workspace-profile';
import { LOCATION_FIELDS } from '../lib/profile-form';
import { checkWorkspaceForm, toWorkspaceForm, type WorkspaceFormValues } from '../lib/workspace-form';

/** Name, company, address, time zone and default network of the workspace. */
export function WorkspaceDetailsForm({ profile }: { profile: WorkspaceProfile }) {
  const t = useAccountText();
  const notify = useFeatureNotifications(t('workspace.failed'));
  const update = useUpdateWorkspaceProfile();
  const networks = useNetworks();
  const form = useForm<WorkspaceFormValues>({ initialValues: toWorkspaceForm(profile) });
  useEffect(() => {
    if (!form.isDirty()) {
      form.setValues(toWorkspaceForm(profile));
      form.resetDirty(toWorkspaceForm(profile));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server's profile changes
  }, [profile]);
  const zones = useMemo(() => timeZones(), []);
  const networkOptions = [
    { value: '', label: t('workspace.defaultNetworkAuto') },
    ...(networks.data ?? []).map((network) => ({ value: network.id, label: network.name })),
  ];

  const submit = form.onSubmit((values) => {
    const checked = checkWorkspaceForm(values);
    if (!checked.ok)
      return form.setErrors(
        Object.fromEntries(Object.entries(checked.problems).map(([f, p]) => [f, t(`workspace.problems.${p}`)])),
      );
    update.mutate(checked.body, {
      onSuccess: () => {
        form.resetDirty();
        notify.success(t('workspace.saved'));
      },
      onError: notify.failure,
    });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="workspace-form">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('workspace.name')} required maxLength={100} {...form.getInputProps('name')} />
          <TextInput label={t('workspace.company')} maxLength={200} {...form.getInputProps('company')} />
          <Select
            label={t('workspace.timeZone')}
            description={t('workspace.timeZoneHint')}
            data={zones}
            searchable
            limit={100}
            nothingFoundMessage={t('workspace.noZone')}
            allowDeselect={false}
            {...form.getInputProps('timeZone')}
          />
          <Select
            label={t('workspace.defaultNetwork')}
            description={t('workspace.defaultNetworkHint')}
            data={networkOptions}
            allowDeselect={false}
            {...form.getInputProps('defaultNetworkId')}
          />
        </SimpleGrid>
        <Fieldset legend={t('workspace.address')} variant="filled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LOCATION_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`profile.location.${field}`)}
                maxLength={field === 'postCode' ? 20 : 200}
                {...form.getInputProps(`address.${field}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
            {t('workspace.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
