import { Anchor, Group } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './auth-layout.module.css';

/** "‹ Back to login", with the chevron pointing back in either writing direction. */
export function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Anchor component={Link} to="/pages/login" size="sm" fw={500}>
      <Group component="span" gap={4} justify="center">
        <IconChevronLeft size={16} className={classes.flipInRtl} aria-hidden />
        {t('backToLogin')}
      </Group>
    </Anchor>
  );
}
