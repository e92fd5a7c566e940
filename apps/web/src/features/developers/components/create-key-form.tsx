import { Alert, Button, Checkbox, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { API_KEY_SCOPES, type CreatedApiKeyResponse } from '@switchboard/contract';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useCreateApiKey } from '../api/use-create-api-key';
import { useDevelopersText } from '../developers-text';
import { checkCreateKeyForm, emptyCreateKeyForm, type CreateKeyFormValues } from '../lib/create-key-form';
import { SCOPE_TEXT } from '../lib/key-state';
import classes from './developers.module.css';

/** The server's field paths (`body.allowedIps.2`) on the form's fields. */
const SERVER_FIELDS: Record<string, keyof CreateKeyFormValues> = {
  name: 'name',
  scopes: 'scopes',
  expiresAt: 'expiresOn',
  allowedIps: 'allowedIps',
};

/** Today in the browser's zone as `YYYY-MM-DD`, the first day a key may expire on. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

interface CreateKeyFormProps {
  onCreated: (created: CreatedApiKeyResponse) => void;
  onCancel: () => void;
}

/** Name, scopes (each explained), optional expiry and IP ranges; checked with the contract's schema. */
export function CreateKeyForm({ onCreated, onCancel }: CreateKeyFormProps) {
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const create = useCreateApiKey();
  const form = useForm<CreateKeyFormValues>({ initialValues: emptyCreateKeyForm });

  const submit = form.onSubmit((values) => {
    const checked = checkCreateKeyForm(values, t);
    if (!checked.ok) return form.setErrors(checked.errors);
    create.mutate(checked.body, {
      onSuccess: onCreated,
      onError: (error) => {
        for (const field of error instanceof ApiError ? (error.fields ?? []) : []) {
          const name = SERVER_FIELDS[field.path.replace(/^body\./, '').split('.')[0] ?? ''];
          if (name) form.setFieldError(name, field.message);
        }
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {create.isError && (
          <Alert color="red" title={t('create.failed')} role="alert">
            {errorMessage(create.error)}
          </Alert>
        )}
        <TextInput
          label={t('create.name')}
          description={t('create.nameHint')}
          required
          maxLength={100}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Checkbox.Group
          label={t('create.scopes')}
          description={t('create.scopesHint')}
          required
          {...form.getInputProps('scopes')}
        >
          <Stack gap="xs" mt="xs">
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={<span dir="ltr">{scope}</span>}
                description={t(SCOPE_TEXT[scope])}
                classNames={{ description: classes.scopeDescription }}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <TextInput
          type="date"
          label={t('create.expiry')}
          description={t('create.expiryHint')}
          min={today()}
          {...form.getInputProps('expiresOn')}
        />
        <Textarea
          label={t('create.allowedIps')}
          description={t('create.allowedIpsHint')}
          autosize
          minRows={2}
          maxRows={6}
          classNames={{ input: classes.ltrInput }}
          spellCheck={false}
          {...form.getInputProps('allowedIps')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {tCommon('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} leftSection={<IconKey size={18} aria-hidden />}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
