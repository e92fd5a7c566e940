import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLock, IconLogout, IconUserCircle, IconUserCog } from '@tabler/icons-react';
import type { UserData } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLogout } from './use-logout';
import { useShellText } from '../shell-text';
import classes from './user-menu.module.css';

/** The signed-in user's name, avatar and role, with profile, lock screen and logout. */
export function UserMenu({ user }: { user: UserData }) {
  const t = useShellText();
  const { t: tNav } = useTranslation('nav');
  const location = useLocation();
  const logout = useLogout();
  const role = t(`userMenu.roles.${user.userRole}`);
  const here = location.pathname + location.search;
  return (
    <Menu position="bottom-end" shadow="md" width={240} offset={8} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton className={classes.trigger} aria-label={t('userMenu.open')}>
          <Group gap="xs" wrap="nowrap">
            <div className={classes.identity}>
              <Text size="sm" fw={600} lh={1.2} truncate="end">
                {user.displayName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {role}
              </Text>
            </div>
            <Avatar
              src={user.photoURL}
              name={user.displayName}
              alt={user.displayName}
              color="brand"
              variant="filled"
              radius="xl"
            />
            <IconChevronDown size={14} aria-hidden className={classes.chevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.header}>
          <Text size="sm" fw={600} truncate="end">
            {user.displayName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
          <Text size="xs" c="dimmed">
            {role}
          </Text>
        </div>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/pages/user-settings/UserSettings"
          leftSection={<IconUserCog size={18} aria-hidden />}
        >
          {tNav('routes.userSettings')}
        </Menu.Item>
        {/* The workspace's profile: admins only (the page's rule). */}
        {user.userRole === 'admin' && (
          <Menu.Item component={Link} to="/profile-settings" leftSection={<IconUserCircle size={18} aria-hidden />}>
            {tNav('routes.profileSettings')}
          </Menu.Item>
        )}
        <Menu.Item
          component={Link}
          to={`/pages/lock-screen?to=${encodeURIComponent(here)}`}
          leftSection={<IconLock size={18} aria-hidden />}
        >
          {tNav('routes.lockScreen')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          className={classes.logout}
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => void logout()}
        >
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
