import { ActionIcon } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useShellText } from '../shell-text';
import classes from './customizer-button.module.css';

const CustomizerDrawer = lazy(() => import('./customizer-drawer'));

/**
 * A tab on the screen's edge that opens the customizer. It stays reachable whatever the navbar
 * type (also "hidden"); the drawer's code loads on first use.
 */
export function CustomizerButton() {
  const t = useShellText();
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <ActionIcon
        className={classes.button}
        size={44}
        aria-label={t('navbar.customizer')}
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={() => {
          setRequested(true);
          setOpened(true);
        }}
      >
        <IconSettings size={22} className={classes.icon} aria-hidden />
      </ActionIcon>
      {requested && (
        <Suspense fallback={null}>
          <CustomizerDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
