import { Button, Checkbox, Group, MultiSelect, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MAX_CONTACT_TAGS,
  MAX_CUSTOM_FIELD_VALUE_LENGTH,
  MAX_TAG_LENGTH,
  type ContactEntry,
  type ContactField,
  type ContactList,
} from '@switchboard/contract';
import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useCreateContact } from '../api/use-create-contact';
import { useUpdateContact } from '../api/use-update-contact';
import { useContactsText } from '../contacts-text';
import { useContactsNotifications } from '../hooks/use-contacts-notifications';
import { contactValues, newContactValues, type ContactFormValues } from '../lib/contact-form-values';
import { contactLabel } from '../lib/contact-label';
import { checkContactChange, checkNewContact, serverFieldErrors } from '../lib/contact-validation';
import { TimeZoneSelect } from './time-zone-select';

interface ContactFormProps {
  /** The contact to edit; null for a new one. */
  contact: ContactEntry | null;
  fields: readonly ContactField[];
  lists: readonly ContactList[];
  tagSuggestions: readonly string[];
  /** A new contact was added (the drawer then shows it). */
  onCreated?: (contact: ContactEntry) => void;
  /** New contacts: give up (the drawer closes). */
  onCancel?: () => void;
}

/** Codes that are about the number the person typed: shown on its field. */
const NUMBER_CODES = new Set(['INVALID_PHONE_NUMBER', 'CONTACT_EXISTS']);

/**
 * A contact's editable fields: number (new contacts only: threads and consent belong to it),
 * name, tags, lists, time zone and the workspace's custom fields. Checked with the contract's
 * schema before it is sent; a change sends only what changed.
 */
export function ContactForm({ contact, fields, lists, tagSuggestions, onCreated, onCancel }: ContactFormProps) {
  const t = useContactsText();
  const notify = useContactsNotifications();
  const errorMessage = useApiErrorMessage();
  const create = useCreateContact();
  const update = useUpdateContact();
  const form = useForm<ContactFormValues>({
    initialValues: contact ? contactValues(contact, fields) : newContactValues(fields),
  });
  const { setFieldValue } = form;
  const setTimeZone = useCallback((zone: string | null) => setFieldValue('timeZone', zone), [setFieldValue]);

  const failed = (error: unknown) => {
    if (error instanceof ApiError && NUMBER_CODES.has(error.code)) {
      form.setFieldError('phoneNumber', errorMessage(error));
    } else if (error instanceof ApiError && error.fields?.length) {
      form.setErrors(
        serverFieldErrors(error.fields, error.code === 'VALIDATION_FAILED' ? undefined : errorMessage(error)),
      );
    } else {
      notify.failure(error);
    }
  };

  const submit = (values: ContactFormValues) => {
    if (!contact) {
      const checked = checkNewContact(values, t);
      if (!checked.ok) return form.setErrors(checked.errors);
      create.mutate(checked.data, {
        onSuccess: (created) => {
          notify.success(t('contact.createdDone', { name: contactLabel(created) }));
          onCreated?.(created);
        },
        onError: failed,
      });
      return;
    }
    const initial = form.getInitialValues();
    const checked = checkContactChange(values, initial, t);
    if (!checked.ok) return form.setErrors(checked.errors);
    if (Object.keys(checked.data).length === 0) return;
    update.mutate(
      { id: contact.id, body: checked.data },
      {
        onSuccess: (saved) => {
          const next = contactValues(saved, fields);
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          notify.success(t('contact.saved'));
        },
        onError: failed,
      },
    );
  };

  const pending = create.isPending || update.isPending;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {!contact && (
          <TextInput
            data-autofocus
            required
            label={t('contact.number')}
            description={t('contact.numberHelp')}
            placeholder="+14155550123"
            dir="ltr"
            inputMode="tel"
            autoComplete="off"
            {...form.getInputProps('phoneNumber')}
          />
        )}
        <TextInput
          label={t('contact.name')}
          placeholder={t('contact.namePlaceholder')}
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <TagsInput
          label={t('contact.tags')}
          placeholder={t('contact.tagsPlaceholder')}
          data={[...tagSuggestions]}
          maxTags={MAX_CONTACT_TAGS}
          splitChars={[',']}
          maxLength={MAX_TAG_LENGTH}
          clearable
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('tags')}
        />
        <MultiSelect
          label={t('contact.lists')}
          placeholder={form.values.listIds.length ? undefined : t('contact.listsPlaceholder')}
          data={lists.map((list) => ({ value: list.id, label: list.name }))}
          searchable
          clearable
          nothingFoundMessage={t('toolbar.noLists')}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('listIds')}
        />
        <TimeZoneSelect value={form.values.timeZone} error={form.errors.timeZone} onChange={setTimeZone} />
        <div>
          <Title order={3} size="h6" mb={4}>
            {t('contact.customFields')}
          </Title>
          {fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('contact.noCustomFields')}
            </Text>
          ) : (
            <Stack gap="xs">
              {fields.map(({ key }) => (
                <TextInput
                  key={key}
                  label={key}
                  maxLength={MAX_CUSTOM_FIELD_VALUE_LENGTH}
                  {...form.getInputProps(`customFields.${key}`)}
                />
              ))}
            </Stack>
          )}
        </div>
        {!contact && (
          <Checkbox
            label={t('contact.addOptedOut')}
            description={t('contact.addOptedOutHelp')}
            {...form.getInputProps('optedOut', { type: 'checkbox' })}
          />
        )}
        <Group justify="flex-end" gap="sm">
          {contact ? (
            <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
              {t('contact.discard')}
            </Button>
          ) : (
            <Button variant="default" onClick={onCancel}>
              {t('contact.cancel')}
            </Button>
          )}
          <Button type="submit" loading={pending} disabled={contact !== null && !form.isDirty()}>
            {contact ? t('contact.save') : t('contact.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
