import { ActionIcon, Alert, Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_CUSTOM_FIELDS, type ContactField } from '@switchboard/contract';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useContactFields, useSaveContactFields } from '../api/use-contact-fields';
import { useContactsText } from '../contacts-text';
import { useContactsNotifications } from '../hooks/use-contacts-notifications';
import { checkFieldKeys } from '../lib/field-keys';

function FieldsForm({ fields, onDone }: { fields: readonly ContactField[]; onDone: () => void }) {
  const t = useContactsText();
  const notify = useContactsNotifications();
  const errorMessage = useApiErrorMessage();
  const save = useSaveContactFields();
  const initial = fields.map(({ key }) => key);
  const form = useForm<{ keys: string[] }>({ initialValues: { keys: initial.length ? initial : [''] } });
  const { keys } = form.values;
  const removed = initial.filter((key) => !keys.map((typed) => typed.trim()).includes(key));

  const submit = (values: { keys: string[] }) => {
    const checked = checkFieldKeys(values.keys, t);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(checked.data, {
      onSuccess: () => {
        notify.success(t('fields.saved'));
        onDone();
      },
      onError: (error) =>
        error instanceof ApiError && error.code === 'VALIDATION_FAILED'
          ? form.setErrors({ keys: errorMessage(error) })
          : notify.failure(error),
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('fields.intro', { max: MAX_CUSTOM_FIELDS })}
        </Text>
        {keys.map((_, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              flex={1}
              dir="ltr"
              aria-label={t('fields.key', { n: index + 1 })}
              placeholder={t('fields.keyPlaceholder')}
              maxLength={32}
              autoComplete="off"
              {...form.getInputProps(`keys.${index}`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('fields.remove', { name: keys[index] || String(index + 1) })}
              onClick={() => form.removeListItem('keys', index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {form.errors.keys && (
          <Text size="sm" c="red">
            {form.errors.keys}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={keys.length >= MAX_CUSTOM_FIELDS}
            onClick={() => form.insertListItem('keys', '')}
          >
            {t('fields.add')}
          </Button>
        </Group>
        {removed.length > 0 && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            {t('fields.removeWarning', { keys: removed.join(', ') })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('contact.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('fields.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The workspace's custom field keys (its own chunk): add, rename, remove, in display order. */
export default function FieldsModal({ onClose }: { onClose: () => void }) {
  const t = useContactsText();
  const { t: tCommon } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const fields = useContactFields();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('fields.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      {fields.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('fields.loading')}>
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : fields.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(fields.error)}
        </Alert>
      ) : (
        <FieldsForm fields={fields.data} onDone={onClose} />
      )}
    </Modal>
  );
}
