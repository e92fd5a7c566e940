import { Button, Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { AutoReplySettingsSchema, type AutoReplySettings } from '@switchboard/contract';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useAutoReplySettings, useUpdateAutoReplySettings } from '../../api/use-auto-reply-settings';
import { useAutoReplyText } from '../../auto-reply-text';
import { useAutoReplyNotifications } from '../../hooks/use-auto-reply-notifications';

const LIMIT = AutoReplySettingsSchema.shape.hourlyLimit;

function HourlyLimitForm({ settings }: { settings: AutoReplySettings }) {
  const t = useAutoReplyText();
  const notify = useAutoReplyNotifications();
  const update = useUpdateAutoReplySettings();
  const [value, setValue] = useState<number | string>(settings.hourlyLimit);
  const [error, setError] = useState<string | null>(null);
  const bounds = { min: LIMIT.minValue ?? 1, max: LIMIT.maxValue ?? 100 };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = AutoReplySettingsSchema.safeParse({ hourlyLimit: value === '' ? null : Number(value) });
    if (!parsed.success) return setError(t('validation.hourlyLimit', bounds));
    update.mutate(parsed.data, { onSuccess: () => notify.success(t('settings.saved')), onError: notify.failure });
  };

  return (
    <form onSubmit={save} noValidate>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NumberInput
          flex={1}
          label={t('settings.hourlyLimit')}
          min={bounds.min}
          max={bounds.max}
          allowDecimal={false}
          allowNegative={false}
          dir="ltr"
          value={value}
          error={error}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
        />
        <Button type="submit" variant="light" loading={update.isPending} disabled={value === settings.hourlyLimit}>
          {t('settings.save')}
        </Button>
      </Group>
    </form>
  );
}

/** The workspace's loop guard: how many auto-replies one contact may get in an hour. */
export function HourlyLimitSetting() {
  const t = useAutoReplyText();
  const settings = useAutoReplySettings();
  return (
    <Card radius="lg" padding="lg" shadow="sm">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconShieldCheck size={20} aria-hidden />
          <Title order={2} size="h5">
            {t('settings.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('settings.hourlyLimitHelp')}
        </Text>
        {settings.data ? (
          <HourlyLimitForm key={settings.data.hourlyLimit} settings={settings.data} />
        ) : (
          <Skeleton height={60} />
        )}
      </Stack>
    </Card>
  );
}
