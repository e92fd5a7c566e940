import { Button, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import classes from './error-layout.module.css';

interface ErrorLayoutProps {
  illustration: ReactNode;
  title: string;
  text: string;
  /** A full page load home (after a crash, start from a clean state) instead of a client navigation. */
  reloadHome?: boolean;
}

const buttonProps = { size: 'md', mt: 'sm', leftSection: <IconHome size={18} aria-hidden /> } as const;

/** An error page: the mark, an illustration, a clear message and the way home. */
export function ErrorLayout({ illustration, title, text, reloadHome = false }: ErrorLayoutProps) {
  const { t } = useTranslation('errors');
  return (
    <main className={classes.page}>
      <div className={classes.brand}>
        <BrandMark size={32} />
        <span>{t('appName', { ns: 'common' })}</span>
      </div>
      <div className={classes.content}>
        {illustration}
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {text}
        </Text>
        {reloadHome ? (
          <Button component="a" href="/" {...buttonProps}>
            {t('pages.backHome')}
          </Button>
        ) : (
          <Button component={Link} to="/" {...buttonProps}>
            {t('pages.backHome')}
          </Button>
        )}
      </div>
    </main>
  );
}
