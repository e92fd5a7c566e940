import { Button, Drawer, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { LAYOUTS, NAVBAR_TYPES, PAGE_TRANSITIONS, THEMES } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/session';
import { DEFAULT_UI_PREFERENCES, useUiPreferences } from '../../../lib/preferences/ui-preferences-store';
import { useUpdateUiPreferences } from '../../../lib/preferences/use-update-ui-preferences';
import { ChoiceGroup } from './choice-group';
import { useShellText } from '../shell-text';

interface CustomizerDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** Theme, menu layout, navbar type and page transition; each choice applies and is saved at once. */
export default function CustomizerDrawer({ opened, onClose }: CustomizerDrawerProps) {
  const t = useShellText();
  const { t: tCommon } = useTranslation();
  const preferences = useUiPreferences();
  const update = useUpdateUiPreferences();
  const signedIn = Boolean(useCurrentUser());
  const { language: _language, ...defaults } = DEFAULT_UI_PREFERENCES;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      title={
        <div>
          <Text fw={700} size="lg">
            {t('customizer.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('customizer.description')}
          </Text>
        </div>
      }
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <Stack gap="lg" pt="xs">
        <ChoiceGroup
          label={t('customizer.theme')}
          value={preferences.theme}
          options={THEMES.map((value) => ({ value, label: t(`customizer.themes.${value}`) }))}
          onChange={(theme) => update({ theme })}
        />
        <ChoiceGroup
          label={t('customizer.layout')}
          value={preferences.layout}
          options={LAYOUTS.map((value) => ({ value, label: t(`customizer.layouts.${value}`) }))}
          onChange={(layout) => update({ layout })}
        />
        <ChoiceGroup
          label={t('customizer.navbarType')}
          value={preferences.navbarType}
          options={NAVBAR_TYPES.map((value) => ({ value, label: t(`customizer.navbarTypes.${value}`) }))}
          onChange={(navbarType) => update({ navbarType })}
        />
        <ChoiceGroup
          label={t('customizer.transition')}
          value={preferences.transition}
          options={PAGE_TRANSITIONS.map((value) => ({ value, label: t(`customizer.transitions.${value}`) }))}
          onChange={(transition) => update({ transition })}
        />
        <Text size="sm" c="dimmed">
          {signedIn ? t('customizer.savedToAccount') : t('customizer.savedInBrowser')}
        </Text>
        <Button variant="default" leftSection={<IconRestore size={18} aria-hidden />} onClick={() => update(defaults)}>
          {t('customizer.reset')}
        </Button>
      </Stack>
    </Drawer>
  );
}
