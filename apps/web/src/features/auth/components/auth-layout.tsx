import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/brand-mark';
import classes from './auth-layout.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Above the title, e.g. the locked user's avatar. */
  header?: ReactNode;
  /** Below the card's content: links to the other sign-in pages. */
  footer?: ReactNode;
  children: ReactNode;
}

/** A sign-in page: one centred card with the Switchboard mark on a subtle background. */
export function AuthLayout({ title, subtitle, header, footer, children }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  return (
    <main className={classes.page}>
      <Paper className={classes.card} withBorder shadow="md" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <div className={classes.brand}>
          <BrandMark size={40} />
          <div>
            <Text fw={700} size="lg" lh={1.2}>
              {t('appName', { ns: 'common' })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('tagline')}
            </Text>
          </div>
        </div>
        {header}
        <Title order={1} fz="h3" mb={4}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm" mb="lg">
            {subtitle}
          </Text>
        )}
        {children}
        {footer && <div className={classes.footer}>{footer}</div>}
      </Paper>
    </main>
  );
}
