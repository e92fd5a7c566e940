import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuBadge } from './menu-badge';
import { pageIcon } from './page-icons';
import { useInboxBadges } from './use-inbox-badges';
import { useActiveEntryTo } from './use-active-entry';
import { useVisibleMenu } from './use-visible-menu';
import { useShellText } from '../shell-text';
import classes from './horizontal-menu.module.css';

/** The menu bar of the horizontal layout: one dropdown per group. */
export function HorizontalMenu() {
  const t = useShellText();
  const { t: tNav } = useTranslation('nav');
  const groups = useVisibleMenu();
  const badges = useInboxBadges(groups);
  const activeTo = useActiveEntryTo();
  return (
    <nav aria-label={t('navbar.mainMenu')}>
      <ul className={classes.list}>
        {groups.map((group) => {
          const GroupIcon = group.icon;
          const active = group.entries.some((entry) => entry.to === activeTo);
          const badgeTotal = group.entries.reduce((sum, entry) => sum + (badges[entry.id] ?? 0), 0);
          return (
            <li key={group.id}>
              <Menu
                trigger="click-hover"
                openDelay={60}
                closeDelay={180}
                position="bottom-start"
                shadow="md"
                offset={6}
                withInitialFocusPlaceholder={false}
              >
                <Menu.Target>
                  <Button
                    className={classes.group}
                    variant={active ? 'light' : 'subtle'}
                    color={active ? 'brand' : 'gray'}
                    c={active ? undefined : 'var(--mantine-color-text)'}
                    leftSection={<GroupIcon size={18} stroke={1.7} aria-hidden />}
                    rightSection={<IconChevronDown size={14} aria-hidden />}
                    fw={550}
                  >
                    {tNav(`groups.${group.id}`)}
                    {badgeTotal > 0 && (
                      <span style={{ marginInlineStart: 6, display: 'inline-flex' }}>
                        <MenuBadge count={badgeTotal} />
                      </span>
                    )}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown miw={220}>
                  {group.entries.map((entry) => {
                    const Icon = pageIcon(entry.id);
                    const current = entry.to === activeTo;
                    return (
                      <Menu.Item
                        key={entry.to}
                        component={Link}
                        to={entry.to}
                        leftSection={<Icon size={18} stroke={1.7} aria-hidden />}
                        rightSection={<MenuBadge count={badges[entry.id]} />}
                        aria-current={current ? 'page' : undefined}
                        className={current ? classes.current : undefined}
                      >
                        {tNav(`routes.${entry.id}`)}
                      </Menu.Item>
                    );
                  })}
                </Menu.Dropdown>
              </Menu>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
