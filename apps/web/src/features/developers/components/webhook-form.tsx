import { Alert, Button, Checkbox, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WEBHOOK_EVENT_TYPES, type CreateWebhookBody } from '@switchboard/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useDevelopersText } from '../developers-text';
import { checkWebhookForm, EVENT_TEXT, type WebhookFormValues } from '../lib/webhook-form';
import classes from './developers.module.css';

interface WebhookFormProps {
  initialValues: WebhookFormValues;
  /** False when editing: an endpoint's URL stays (a new address is a new endpoint with its own secret). */
  withUrl: boolean;
  submitLabel: string;
  submitIcon: ReactNode;
  pending: boolean;
  /** The failed request's error, shown above the fields under `failedTitle`. */
  error: unknown;
  failedTitle: string;
  onSubmit: (body: CreateWebhookBody, setServerErrors: (error: unknown) => void) => void;
  onCancel: () => void;
}

/** URL, events (each explained) and enabled; checked with the contract's schema before sending. */
export function WebhookForm(props: WebhookFormProps) {
  const { initialValues, withUrl, submitLabel, submitIcon, pending, error, failedTitle, onSubmit, onCancel } = props;
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const form = useForm<WebhookFormValues>({ initialValues });

  const setServerErrors = (failure: unknown) => {
    for (const field of failure instanceof ApiError ? (failure.fields ?? []) : []) {
      const name = field.path.replace(/^body\./, '').split('.')[0];
      if (name === 'url' || name === 'events') form.setFieldError(name, field.message);
    }
  };
  const submit = form.onSubmit((values) => {
    const checked = checkWebhookForm(values, t);
    if (!checked.ok) return form.setErrors(checked.errors);
    onSubmit(checked.body, setServerErrors);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error !== null && (
          <Alert color="red" title={failedTitle} role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        {withUrl && (
          <TextInput
            type="url"
            label={t('webhooks.form.url')}
            description={t('webhooks.form.urlHint')}
            placeholder="https://example.com/switchboard"
            required
            maxLength={2000}
            data-autofocus
            classNames={{ input: classes.ltrInput }}
            spellCheck={false}
            {...form.getInputProps('url')}
          />
        )}
        <Checkbox.Group
          label={t('webhooks.form.events')}
          description={t('webhooks.form.eventsHint')}
          required
          {...form.getInputProps('events')}
        >
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={<span dir="ltr">{type}</span>}
                description={t(EVENT_TEXT[type])}
                classNames={{ description: classes.scopeDescription }}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch label={t('webhooks.form.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {tCommon('cancel')}
          </Button>
          <Button type="submit" loading={pending} leftSection={submitIcon}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
