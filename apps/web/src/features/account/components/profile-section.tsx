import { Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import '@mantine/core/styles/Fieldset.css';
import { useForm } from '@mantine/form';
import type { Account } from '@switchboard/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAccountText } from '../account-text';
import { useUpdateAccount } from '../api/use-account';
import {
  changedProfile,
  checkProfile,
  CONTACT_OPTIONS,
  DEPARTMENTS,
  GENDERS,
  LOCATION_FIELDS,
  problemsToErrors,
  SOCIAL_NETWORKS,
  toProfileForm,
  type ProfileFormValues,
} from '../lib/profile-form';
import { showUsernameFailure } from '../lib/username-failure';

/** Name, username and the other §3 profile fields; saves only what changed. */
export function ProfileSection({ account }: { account: Account }) {
  const t = useAccountText();
  const { t: tCommon } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const notify = useFeatureNotifications(t('profile.failed'));
  const update = useUpdateAccount();
  const saved = toProfileForm(account);
  const form = useForm<ProfileFormValues>({ initialValues: saved });
  // The account changed elsewhere (another tab, an admin): an untouched form follows it.
  useEffect(() => {
    if (!form.isDirty()) {
      form.setValues(toProfileForm(account));
      form.resetDirty(toProfileForm(account));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server's account changes
  }, [account]);

  const submit = form.onSubmit((values) => {
    const changes = changedProfile(values, saved);
    if (Object.keys(changes).length === 0) return notify.success(t('profile.unchanged'));
    const checked = checkProfile(changes);
    if (!checked.ok) return form.setErrors(problemsToErrors(checked.problems, (p) => t(`profile.problems.${p}`)));
    update.mutate(checked.body, {
      onSuccess: () => {
        form.resetDirty();
        notify.success(t('profile.saved'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'USERNAME_TAKEN')
          form.setFieldError('username', errorMessage(error));
        if ('username' in changes) showUsernameFailure(t('errorTitle'), errorMessage(error), tCommon('close'));
        else notify.failure(error);
      },
    });
  });

  const options = <T extends string>(values: readonly T[], label: (v: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('profile.displayName')} required maxLength={100} {...form.getInputProps('displayName')} />
          <TextInput
            label={t('profile.username')}
            description={t('profile.usernameHint')}
            maxLength={30}
            autoComplete="username"
            dir="ltr"
            {...form.getInputProps('username')}
          />
          <TextInput label={t('profile.dob')} type="date" {...form.getInputProps('dob')} />
          <Select
            label={t('profile.gender')}
            clearable
            data={options(GENDERS, (g) => t(`profile.genders.${g}`))}
            {...form.getInputProps('gender')}
          />
          <TextInput label={t('profile.company')} maxLength={200} {...form.getInputProps('company')} />
          <Select
            label={t('profile.department')}
            clearable
            data={options(DEPARTMENTS, (d) => t(`profile.departments.${d}`))}
            {...form.getInputProps('department')}
          />
          <TextInput
            label={t('profile.mobile')}
            type="tel"
            maxLength={40}
            dir="ltr"
            {...form.getInputProps('mobile')}
          />
          <TextInput
            label={t('profile.website')}
            type="url"
            maxLength={300}
            dir="ltr"
            placeholder="https://"
            {...form.getInputProps('website')}
          />
          <TextInput label={t('profile.country')} maxLength={100} {...form.getInputProps('country')} />
          <TagsInput
            label={t('profile.languages')}
            description={t('profile.languagesHint')}
            maxTags={20}
            {...form.getInputProps('languagesKnown')}
          />
        </SimpleGrid>
        <Checkbox.Group label={t('profile.contactOptions')} {...form.getInputProps('contactOptions')}>
          <Group gap="lg" mt={6}>
            {CONTACT_OPTIONS.map((option) => (
              <Checkbox key={option} value={option} label={t(`profile.contactOptionNames.${option}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Fieldset legend={t('profile.address')} variant="filled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LOCATION_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`profile.location.${field}`)}
                maxLength={field === 'postCode' ? 20 : 200}
                {...form.getInputProps(`location.${field}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('profile.social')} variant="filled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {SOCIAL_NETWORKS.map((network) => (
              <TextInput
                key={network}
                label={t(`profile.socialNames.${network}`)}
                type="url"
                dir="ltr"
                placeholder="https://"
                maxLength={300}
                {...form.getInputProps(`socialLinks.${network}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
