import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VerticalMenu } from '../navigation/vertical-menu';
import { BrandLogo } from './brand-logo';
import { useShellText } from '../shell-text';

interface MobileMenuDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Semi-dark theme: the menu is dark (this class makes a region dark). */
  darkClassName?: string;
}

/** Below md (768 px) the menu lives in a drawer opened by the burger button. */
export function MobileMenuDrawer({ opened, onClose, darkClassName }: MobileMenuDrawerProps) {
  const t = useShellText();
  const { t: tCommon } = useTranslation();
  const dark = darkClassName ? { className: darkClassName, 'data-mantine-color-scheme': 'dark' as const } : {};
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="left" size={300}>
      <Drawer.Overlay />
      <Drawer.Content aria-label={t('navbar.mainMenu')} {...dark}>
        <Drawer.Header {...dark}>
          <BrandLogo onNavigate={onClose} />
          <Drawer.CloseButton aria-label={tCommon('close')} />
        </Drawer.Header>
        <Drawer.Body>
          <VerticalMenu onNavigate={onClose} />
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
