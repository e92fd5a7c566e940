import { Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { LANGUAGES, THEMES } from '@switchboard/contract';

type LanguageCode = (typeof LANGUAGES)[number];
import { useId } from 'react';
import { useUiPreferences } from '../../../lib/preferences/ui-preferences-store';
import { useUpdateUiPreferences } from '../../../lib/preferences/use-update-ui-preferences';
import { useAccountText } from '../account-text';

/** Each language named in itself, as the navbar's language menu does. */
const LANGUAGE_NAMES: Record<LanguageCode, string> = { en: 'English', de: 'Deutsch', fr: 'Français', ar: 'العربية' };

/**
 * Language and theme: the same stored preferences as the navbar's language menu and the
 * customizer (applied at once, kept in this browser and on the account).
 */
export function PreferencesSection() {
  const t = useAccountText();
  const preferences = useUiPreferences();
  const update = useUpdateUiPreferences();
  const themeLabel = useId();
  return (
    <Stack gap="xl" maw={560}>
      <Radio.Group
        label={t('preferences.language')}
        value={preferences.language}
        onChange={(language) => update({ language: language as LanguageCode })}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
          {LANGUAGES.map((code) => (
            <Radio
              key={code}
              value={code}
              label={
                <span lang={code} dir={code === 'ar' ? 'rtl' : 'ltr'}>
                  {LANGUAGE_NAMES[code]}
                </span>
              }
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Stack gap={6}>
        <Text id={themeLabel} size="sm" fw={500}>
          {t('preferences.theme')}
        </Text>
        <SegmentedControl
          value={preferences.theme}
          data={THEMES.map((value) => ({ value, label: t(`preferences.themes.${value}`) }))}
          onChange={(theme) => update({ theme: theme as (typeof THEMES)[number] })}
          aria-labelledby={themeLabel}
        />
      </Stack>
      <Text size="sm" c="dimmed">
        {t('preferences.hint')}
      </Text>
    </Stack>
  );
}
