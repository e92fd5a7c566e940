import { Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, TagsInput, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CONTACT_OPTIONS, DEPARTMENTS, GENDERS, SOCIAL_NETWORKS, type TeamUser } from '@switchboard/contract';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useUpdateTeamUser } from '../api/use-update-team-user';
import { checkUserChange, serverFieldErrors, userFormValues, type UserFormValues } from '../lib/user-form';
import { useTeamText } from '../team-text';
import classes from './team.module.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children}
      </SimpleGrid>
    </Card>
  );
}

/**
 * The user's §3 fields, role and status, checked with the contract's UpdateTeamUserBodySchema;
 * a save sends only what changed. A taken username shows on its field.
 */
export function UserEditForm({ user }: { user: TeamUser }) {
  const t = useTeamText();
  const errorMessage = useApiErrorMessage();
  const notify = useFeatureNotifications(t('notifications.errorTitle'));
  const update = useUpdateTeamUser();
  const form = useForm<UserFormValues>({ initialValues: userFormValues(user) });
  const text = (path: string, label: string, extra: object = {}) => (
    <TextInput label={label} {...extra} {...form.getInputProps(path)} />
  );
  const choose = t('edit.choose');

  const submit = form.onSubmit((values) => {
    const checked = checkUserChange(values, form.getInitialValues(), t);
    if (!checked.ok) return form.setErrors(checked.errors);
    if (Object.keys(checked.body).length === 0) return;
    update.mutate(
      { id: user.id, body: checked.body },
      {
        onSuccess: (saved) => {
          const next = userFormValues(saved);
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          notify.success(t('edit.saved'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'USERNAME_TAKEN')
            form.setFieldError('username', errorMessage(error));
          else if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields?.length)
            form.setErrors(serverFieldErrors(error.fields));
          else notify.failure(error);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title={t('user.sections.account')}>
          {text('displayName', t('user.fields.displayName'), { required: true, maxLength: 100 })}
          {text('username', t('user.fields.username'), {
            description: t('edit.usernameHelp'),
            inputWrapperOrder: ['label', 'input', 'description', 'error'],
            dir: 'ltr',
            autoComplete: 'off',
          })}
          <TextInput
            label={t('user.fields.email')}
            value={user.email}
            description={t('edit.emailHelp')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            dir="ltr"
            readOnly
            disabled
          />
          <Select
            label={t('user.fields.role')}
            data={[
              { value: 'admin', label: t('roles.admin') },
              { value: 'editor', label: t('roles.editor') },
            ]}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Select
            label={t('user.fields.status')}
            data={[
              { value: 'active', label: t('statuses.active') },
              { value: 'blocked', label: t('statuses.blocked') },
              { value: 'deactivated', label: t('statuses.deactivated') },
            ]}
            allowDeselect={false}
            {...form.getInputProps('status')}
          />
        </Section>
        <Section title={t('user.sections.profile')}>
          {text('dob', t('user.fields.dob'), { type: 'date' })}
          <Select
            label={t('user.fields.gender')}
            placeholder={choose}
            data={GENDERS.map((value) => ({ value, label: t(`user.genders.${value}`) }))}
            clearable
            {...form.getInputProps('gender')}
            onChange={(value) => form.setFieldValue('gender', value ?? '')}
          />
          <Select
            label={t('user.fields.department')}
            placeholder={choose}
            data={DEPARTMENTS.map((value) => ({ value, label: t(`user.departments.${value}`) }))}
            clearable
            {...form.getInputProps('department')}
            onChange={(value) => form.setFieldValue('department', value ?? '')}
          />
          {text('company', t('user.fields.company'), { maxLength: 200 })}
          {text('country', t('user.fields.country'), { maxLength: 100 })}
          {text('mobile', t('user.fields.mobile'), { dir: 'ltr', inputMode: 'tel', maxLength: 40 })}
          {text('website', t('user.fields.website'), { dir: 'ltr', type: 'url', placeholder: 'https://' })}
          <TagsInput
            label={t('user.fields.languagesKnown')}
            placeholder={t('edit.languagesPlaceholder')}
            maxTags={20}
            maxLength={40}
            splitChars={[',']}
            clearable
            {...form.getInputProps('languagesKnown')}
          />
          <Checkbox.Group label={t('user.fields.contactOptions')} {...form.getInputProps('contactOptions')}>
            <Group gap="md" mt={6}>
              {CONTACT_OPTIONS.map((option) => (
                <Checkbox key={option} value={option} label={t(`user.contactOptions.${option}`)} />
              ))}
            </Group>
          </Checkbox.Group>
        </Section>
        <Section title={t('user.sections.address')}>
          {text('location.addLine1', t('user.fields.addLine1'), { maxLength: 200 })}
          {text('location.addLine2', t('user.fields.addLine2'), { maxLength: 200 })}
          {text('location.postCode', t('user.fields.postCode'), { maxLength: 20 })}
          {text('location.city', t('user.fields.city'), { maxLength: 100 })}
          {text('location.state', t('user.fields.state'), { maxLength: 100 })}
          {text('location.country', t('user.fields.locationCountry'), { maxLength: 100 })}
        </Section>
        <Section title={t('user.sections.social')}>
          {SOCIAL_NETWORKS.map((network) => (
            <TextInput
              key={network}
              label={t(`user.social.${network}`)}
              placeholder="https://"
              type="url"
              dir="ltr"
              {...form.getInputProps(`socialLinks.${network}`)}
            />
          ))}
        </Section>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            {t('edit.discard')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
