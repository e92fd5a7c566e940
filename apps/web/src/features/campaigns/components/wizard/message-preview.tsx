import { Alert, Paper, Select, Stack, Text } from '@mantine/core';
import { personalise, type ContactEntry } from '@switchboard/contract';
import { useMemo, useState } from 'react';
import { SmsCounter } from '../../../../components/sms-counter';
import { countSms } from '../../../../lib/sms-count';
import { useContactSearch } from '../../api/use-audience-sources';
import { useCampaignsText } from '../../campaigns-text';

const DEFAULTS = '__defaults__';

/** The values a contact gives the text's variables. */
export function contactValues(contact: ContactEntry | null): Record<string, string | null> {
  if (!contact) return {};
  return { ...contact.customFields, name: contact.name, number: contact.phoneNumber };
}

interface MessagePreviewProps {
  body: string;
  contact: ContactEntry | null;
  onContact: (contact: ContactEntry | null) => void;
}

/** The text as one chosen contact (or a contact with no values) would receive it, with its count. */
export function MessagePreview({ body, contact, onContact }: MessagePreviewProps) {
  const t = useCampaignsText();
  const [search, setSearch] = useState('');
  const contacts = useContactSearch(search);
  const found = useMemo(() => contacts.data ?? [], [contacts.data]);
  const options = [
    { value: DEFAULTS, label: t('messageStep.previewDefaults') },
    ...[...(contact && !found.some((c) => c.id === contact.id) ? [contact] : []), ...found].map((c) => ({
      value: c.id,
      label: c.name ? `${c.name} · ${c.phoneNumber}` : c.phoneNumber,
    })),
  ];
  const { text, missing } = personalise(body, contactValues(contact));
  const count = countSms(text);

  return (
    <Stack gap="xs">
      <Select
        label={t('messageStep.previewFor')}
        placeholder={t('messageStep.previewPlaceholder')}
        data={options}
        value={contact?.id ?? DEFAULTS}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(value) => onContact(found.find((c) => c.id === value) ?? (value === contact?.id ? contact : null))}
        filter={({ options: all }) => all}
        comboboxProps={{ withinPortal: false }}
      />
      <Paper withBorder p="sm" radius="md" data-testid="campaign-preview">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
          {text}
        </Text>
      </Paper>
      <SmsCounter count={count} testId="campaign-preview" />
      {missing.length > 0 && (
        <Alert color="yellow" p="xs">
          {t('messageStep.missing', { keys: missing.map((key) => `{${key}}`).join(', ') })}
        </Alert>
      )}
    </Stack>
  );
}
