import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { BillingProfile } from '@switchboard/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useId } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useBillingProfile, useSaveBillingProfile } from '../api/profile';
import { useBillingText } from '../billing-text';
import { checkProfileForm, emptyProfileForm, toProfileForm, type ProfileFormValues } from '../lib/profile-form';
import classes from './billing.module.css';

/** The server's field paths (`body.addressLines.2`) on the form's fields. */
const SERVER_FIELDS: Record<string, keyof ProfileFormValues> = {
  name: 'name',
  company: 'company',
  email: 'email',
  addressLines: 'address',
  vatId: 'vatId',
};

function ProfileForm({ profile }: { profile: BillingProfile | null }) {
  const t = useBillingText();
  const notify = useFeatureNotifications(t('profile.failed'));
  const save = useSaveBillingProfile();
  const form = useForm<ProfileFormValues>({ initialValues: profile ? toProfileForm(profile) : emptyProfileForm });
  // A profile saved elsewhere (another tab, a purchase) replaces an untouched form.
  useEffect(() => {
    if (profile && !form.isDirty()) form.setValues(toProfileForm(profile));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server's profile changes
  }, [profile]);

  const submit = form.onSubmit((values) => {
    const checked = checkProfileForm(values, t);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(checked.body, {
      onSuccess: (saved) => {
        form.setValues(toProfileForm(saved));
        form.resetDirty(toProfileForm(saved));
        notify.success(t('profile.saved'));
      },
      onError: (error) => {
        for (const field of error instanceof ApiError ? (error.fields ?? []) : []) {
          const name = SERVER_FIELDS[field.path.replace(/^body\./, '').split('.')[0] ?? ''];
          if (name) form.setFieldError(name, field.message);
        }
        notify.failure(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="billing-profile-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} className={classes.fields}>
          <TextInput label={t('profile.name')} required maxLength={200} {...form.getInputProps('name')} />
          <TextInput label={t('profile.company')} maxLength={200} {...form.getInputProps('company')} />
          <TextInput label={t('profile.email')} type="email" maxLength={254} {...form.getInputProps('email')} />
          <TextInput
            label={t('profile.vatId')}
            description={t('profile.vatIdHint')}
            maxLength={40}
            {...form.getInputProps('vatId')}
          />
        </SimpleGrid>
        <Textarea
          label={t('profile.address')}
          description={t('profile.addressHint')}
          autosize
          minRows={3}
          maxRows={6}
          {...form.getInputProps('address')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The buyer's details printed on new invoices: loaded, edited and saved with the contract's schema. */
export function BillingProfileCard() {
  const t = useBillingText();
  const errorMessage = useApiErrorMessage();
  const profile = useBillingProfile();
  const titleId = useId();
  // No profile stored yet (a 404) is an empty form, not a failure.
  const missing = profile.error instanceof ApiError && profile.error.status === 404;
  return (
    <Card withBorder padding="lg" radius="md" className={classes.card} component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('profile.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.hint')}
      </Text>
      {profile.isPending ? (
        <Loader size="sm" aria-label={t('profile.title')} />
      ) : profile.isError && !missing ? (
        <Alert color="red" title={t('loadFailed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(profile.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void profile.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <ProfileForm profile={profile.data ?? null} />
      )}
    </Card>
  );
}
