import { Alert, Badge, Button, Drawer, Group, Select, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  COMPLIANCE_LANGUAGES,
  DEFAULT_COMPLIANCE_TEXTS,
  type ComplianceLanguage,
  type ComplianceSettings,
  type ComplianceTexts,
  type UpdateComplianceBody,
} from '@switchboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useCompliance, useUpdateCompliance } from '../api/use-compliance';
import { useConversationsText } from '../conversations-text';

const FIELDS = ['optOutReply', 'optInReply', 'helpReply'] as const;
type Field = (typeof FIELDS)[number];

interface Draft {
  language: ComplianceLanguage;
  texts: ComplianceTexts;
  custom: Record<Field, boolean>;
}

const draftOf = (settings: ComplianceSettings): Draft => ({
  language: settings.language,
  texts: { optOutReply: settings.optOutReply, optInReply: settings.optInReply, helpReply: settings.helpReply },
  custom: { ...settings.customised },
});

/** The form: a text left at its default follows the language; a reset sends null (the default). */
function ComplianceForm({ settings, onDone }: { settings: ComplianceSettings; onDone: () => void }) {
  const t = useConversationsText();
  const errorMessage = useApiErrorMessage();
  const update = useUpdateCompliance();
  const [draft, setDraft] = useState(() => draftOf(settings));

  const setLanguage = (language: ComplianceLanguage) =>
    setDraft((current) => {
      const texts = { ...current.texts };
      for (const field of FIELDS) if (!current.custom[field]) texts[field] = DEFAULT_COMPLIANCE_TEXTS[language][field];
      return { ...current, language, texts };
    });
  const setText = (field: Field, value: string) =>
    setDraft((current) => ({
      ...current,
      texts: { ...current.texts, [field]: value },
      custom: { ...current.custom, [field]: true },
    }));
  const reset = (field: Field) =>
    setDraft((current) => ({
      ...current,
      texts: { ...current.texts, [field]: DEFAULT_COMPLIANCE_TEXTS[current.language][field] },
      custom: { ...current.custom, [field]: false },
    }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: UpdateComplianceBody = { language: draft.language };
    for (const field of FIELDS) body[field] = draft.custom[field] ? draft.texts[field].trim() : null;
    update.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('compliance.saved') });
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('compliance.intro')}
        </Text>
        <Select
          label={t('compliance.language')}
          data={COMPLIANCE_LANGUAGES.map((value) => ({ value, label: t(`compliance.languages.${value}`) }))}
          value={draft.language}
          onChange={(value) => value && setLanguage(value as ComplianceLanguage)}
          allowDeselect={false}
        />
        {FIELDS.map((field) => (
          <Stack key={field} gap={4}>
            <Textarea
              label={
                <Group gap="xs" component="span">
                  {t(`compliance.${field}`)}
                  <Badge size="xs" variant={draft.custom[field] ? 'light' : 'default'} component="span">
                    {draft.custom[field] ? t('compliance.custom') : t('compliance.default')}
                  </Badge>
                </Group>
              }
              autosize
              minRows={2}
              maxRows={6}
              dir="auto"
              value={draft.texts[field]}
              onChange={(event) => setText(field, event.currentTarget.value)}
              error={draft.custom[field] && !draft.texts[field].trim() ? t('compliance.empty') : undefined}
            />
            {draft.custom[field] && (
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => reset(field)}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('compliance.resetToDefault')}
              </Button>
            )}
          </Stack>
        ))}
        {update.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(update.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('compliance.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The "Opt-out replies" drawer: the workspace's answers to STOP, START and HELP. */
export default function ComplianceDrawer({ onClose }: { onClose: () => void }) {
  const t = useConversationsText();
  const { t: tCommon } = useTranslation();
  const settings = useCompliance();
  return (
    <Drawer
      opened
      onClose={onClose}
      title={t('compliance.title')}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      {settings.data ? (
        <ComplianceForm settings={settings.data} onDone={onClose} />
      ) : (
        <Stack gap="md">
          <Skeleton height={40} />
          <Skeleton height={80} />
          <Skeleton height={80} />
        </Stack>
      )}
    </Drawer>
  );
}
