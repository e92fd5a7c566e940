import { Button, Card, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TryAutoReplyBodySchema, type TryAutoReplyBody } from '@switchboard/contract';
import { IconFlask } from '@tabler/icons-react';
import { ApiError } from '../../../../lib/api-client';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useNetworks } from '../../../../lib/queries/use-networks';
import { useTryAutoReply } from '../../api/use-try-auto-reply';
import { useAutoReplyText } from '../../auto-reply-text';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { TryResult } from './try-result';

/**
 * "Try a message": a sender, a text and a network in; which rule would answer and with what, or
 * why none would, out. The server decides exactly as for a real message; nothing is sent.
 */
export function TryMessage() {
  const t = useAutoReplyText();
  const errorMessage = useApiErrorMessage();
  const networks = useNetworks();
  const attempt = useTryAutoReply();
  const form = useForm<{ networkId: string | null; from: string; text: string }>({
    initialValues: { networkId: null, from: '', text: '' },
  });
  const list = networks.data ?? [];
  // Until one is picked, the first network is the one tried.
  const networkId = form.values.networkId ?? list[0]?.id ?? null;

  const submit = form.onSubmit((values) => {
    const parsed = TryAutoReplyBodySchema.safeParse({ ...values, networkId });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        errors[field] ??=
          field === 'from'
            ? t('validation.sender')
            : field === 'networkId'
              ? t('validation.network')
              : t('validation.invalid');
      }
      form.setErrors(errors);
      return;
    }
    attempt.mutate(parsed.data satisfies TryAutoReplyBody, {
      onError: (error) => {
        if (error instanceof ApiError && error.fields?.length) form.setErrors(serverFieldErrors(error.fields));
      },
    });
  });

  return (
    <Card radius="lg" padding="lg" shadow="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h5">
              {t('try.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('try.intro')}
            </Text>
          </div>
          {networks.isSuccess && list.length === 0 ? (
            <Text size="sm">{t('try.noNetworks')}</Text>
          ) : (
            <>
              <Select
                label={t('try.network')}
                data={list.map((network) => ({ value: network.id, label: network.name }))}
                value={networkId}
                onChange={(value) => form.setFieldValue('networkId', value)}
                error={form.errors.networkId}
                allowDeselect={false}
              />
              <TextInput
                label={t('try.from')}
                type="tel"
                dir="ltr"
                autoComplete="off"
                {...form.getInputProps('from')}
              />
              <Textarea
                label={t('try.text')}
                autosize
                minRows={2}
                maxRows={6}
                dir="auto"
                {...form.getInputProps('text')}
              />
              <Button
                type="submit"
                loading={attempt.isPending}
                leftSection={<IconFlask size={18} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('try.submit')}
              </Button>
            </>
          )}
          <div aria-live="polite">
            {attempt.isError && (
              <Text size="sm" c="red" role="alert">
                {errorMessage(attempt.error)}
              </Text>
            )}
            {attempt.isSuccess && <TryResult result={attempt.data} />}
          </div>
        </Stack>
      </form>
    </Card>
  );
}
