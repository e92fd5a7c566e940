import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LANGUAGES } from '@switchboard/contract';
import { useUiPreferences } from '../../../lib/preferences/ui-preferences-store';
import { useUpdateUiPreferences } from '../../../lib/preferences/use-update-ui-preferences';
import { useShellText } from '../shell-text';

/** Switches the interface language (en, de, fr, ar), named in its own language. */
export function LanguageMenu() {
  const t = useShellText();
  const { language } = useUiPreferences();
  const update = useUpdateUiPreferences();
  return (
    <Menu position="bottom-end" shadow="md" width={180} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          c="var(--mantine-color-text)"
          radius="xl"
          px={10}
          aria-label={t('navbar.language')}
          leftSection={<IconLanguage size={20} stroke={1.7} aria-hidden />}
          styles={{ section: { marginInlineEnd: 0 } }}
        >
          <Box component="span" visibleFrom="sm" ms={6}>
            {language.toUpperCase()}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            dir={code === 'ar' ? 'rtl' : 'ltr'}
            onClick={() => update({ language: code })}
            rightSection={code === language ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={code === language ? 'true' : undefined}
            fw={code === language ? 600 : undefined}
          >
            {t(`languages.${code}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
