import { Group, Radio, Select, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { MAX_TAG_LENGTH, type ContactList } from '@switchboard/contract';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NEW_LIST, type ImportOptions } from '../../hooks/use-import-flow';
import { useImportText } from '../../import-text';
import { countries } from '../../lib/countries';

interface OptionsStepProps {
  value: ImportOptions;
  onChange: (change: Partial<ImportOptions>) => void;
  lists: readonly ContactList[];
  tags: readonly string[];
  /** The new list's name cannot be used (empty, taken…), or null. */
  listError: string | null;
}

/** The default country, update or skip, the target list (existing or new) and tags for everyone. */
export function OptionsStep({ value, onChange, lists, tags, listError }: OptionsStepProps) {
  const t = useImportText();
  const { i18n } = useTranslation();
  const countryOptions = useMemo(
    () => countries(i18n.language).map(({ code, name }) => ({ value: code, label: `${name} (${code})` })),
    [i18n.language],
  );
  const listOptions = useMemo(
    () => [
      ...lists.map((list) => ({ value: list.id, label: list.name })),
      { value: NEW_LIST, label: t('options.newList') },
    ],
    [lists, t],
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="lg">
      <Stack gap="lg">
        <Select
          label={t('options.defaultCountry')}
          description={t('options.defaultCountryHint')}
          placeholder={t('options.defaultCountryPlaceholder')}
          data={countryOptions}
          value={value.defaultCountry}
          onChange={(defaultCountry) => onChange({ defaultCountry })}
          searchable
          clearable
          maxDropdownHeight={260}
        />
        <Radio.Group
          label={t('options.existing')}
          value={value.mode}
          onChange={(mode) => onChange({ mode: mode as ImportOptions['mode'] })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="update" label={t('options.update')} description={t('options.updateHint')} />
            <Radio value="skip" label={t('options.skip')} description={t('options.skipHint')} />
          </Stack>
        </Radio.Group>
      </Stack>
      <Stack gap="lg">
        <Group align="flex-start" grow wrap="wrap">
          <Select
            label={t('options.list')}
            placeholder={t('options.listPlaceholder')}
            data={listOptions}
            value={value.list}
            onChange={(list) => onChange({ list })}
            searchable
            clearable
          />
          {value.list === NEW_LIST && (
            <TextInput
              label={t('options.newListName')}
              value={value.newListName}
              error={listError}
              maxLength={100}
              onChange={(event) => onChange({ newListName: event.currentTarget.value })}
              data-autofocus
            />
          )}
        </Group>
        <TagsInput
          label={t('options.tags')}
          placeholder={t('options.tagsPlaceholder')}
          data={[...tags]}
          value={value.tags}
          onChange={(next) =>
            onChange({ tags: next.map((tag) => tag.trim().slice(0, MAX_TAG_LENGTH)).filter(Boolean) })
          }
          maxTags={10}
          splitChars={[',']}
          clearable
        />
        <Group gap={6} wrap="nowrap">
          <IconShieldCheck size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            {t('options.consentNote')}
          </Text>
        </Group>
      </Stack>
    </SimpleGrid>
  );
}
