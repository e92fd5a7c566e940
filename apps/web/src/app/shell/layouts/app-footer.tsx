import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShellText } from '../shell-text';
import classes from './app-footer.module.css';

const FOOTER_LINKS = [
  { id: 'pricing', to: '/pricing' },
  { id: 'contactUs', to: '/contact-us' },
  { id: 'aboutUs', to: '/about-us' },
  { id: 'downloads', to: '/downloads' },
] as const;

export function AppFooter() {
  const t = useShellText();
  const { t: tNav } = useTranslation('nav');
  return (
    <footer className={classes.footer}>
      <Text size="sm" c="dimmed">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Text>
      <nav aria-label={t('footer.links')}>
        <Group gap="md" component="ul" className={classes.links}>
          {FOOTER_LINKS.map((link) => (
            <li key={link.id}>
              <Anchor component={Link} to={link.to} size="sm">
                {tNav(`routes.${link.id}`)}
              </Anchor>
            </li>
          ))}
        </Group>
      </nav>
    </footer>
  );
}
