import { NavLink, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuBadge } from './menu-badge';
import { pageIcon } from './page-icons';
import { useInboxBadges } from './use-inbox-badges';
import { useActiveEntryTo } from './use-active-entry';
import { useVisibleMenu } from './use-visible-menu';
import { useShellText } from '../shell-text';

interface VerticalMenuProps {
  onNavigate?: () => void;
  /** False when the container already is the menu's navigation landmark. */
  asLandmark?: boolean;
}

/** The grouped menu of the vertical layout and of the drawer on small screens. */
export function VerticalMenu({ onNavigate, asLandmark = true }: VerticalMenuProps) {
  const t = useShellText();
  const { t: tNav } = useTranslation('nav');
  const groups = useVisibleMenu();
  const badges = useInboxBadges(groups);
  const activeTo = useActiveEntryTo();
  const idPrefix = useId();
  return (
    <Stack gap="md" component={asLandmark ? 'nav' : 'div'} aria-label={asLandmark ? t('navbar.mainMenu') : undefined}>
      {groups.map((group) => (
        <div key={group.id} role="group" aria-labelledby={`${idPrefix}-${group.id}`}>
          <Text
            id={`${idPrefix}-${group.id}`}
            component="div"
            size="xs"
            fw={700}
            tt="uppercase"
            c="dimmed"
            px="sm"
            mb={4}
            style={{ letterSpacing: '0.06em' }}
          >
            {tNav(`groups.${group.id}`)}
          </Text>
          <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {group.entries.map((entry) => {
              const Icon = pageIcon(entry.id);
              const current = entry.to === activeTo;
              return (
                <li key={entry.to}>
                  <NavLink
                    component={Link}
                    to={entry.to}
                    onClick={onNavigate}
                    label={tNav(`routes.${entry.id}`)}
                    leftSection={<Icon size={19} stroke={1.7} aria-hidden />}
                    rightSection={<MenuBadge count={badges[entry.id]} />}
                    active={current}
                    aria-current={current ? 'page' : undefined}
                    variant="filled"
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                    fw={current ? 600 : 500}
                  />
                </li>
              );
            })}
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
