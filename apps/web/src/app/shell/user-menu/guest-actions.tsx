import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconLogin, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** For anonymous visitors: sign in or create an account (icon buttons on the narrowest screens). */
export function GuestActions() {
  const { t } = useTranslation('nav');
  const login = t('routes.login');
  const register = t('routes.register');
  return (
    <>
      <Group gap={6} wrap="nowrap" visibleFrom="sm">
        <Button
          component={Link}
          to="/pages/login"
          variant="subtle"
          color="gray"
          c="var(--mantine-color-text)"
          size="sm"
          px="xs"
        >
          {login}
        </Button>
        <Button component={Link} to="/pages/register" size="sm" px="sm">
          {register}
        </Button>
      </Group>
      <Group gap={4} wrap="nowrap" hiddenFrom="sm">
        <Tooltip label={login} withArrow>
          <ActionIcon
            component={Link}
            to="/pages/login"
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={login}
          >
            <IconLogin size={20} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={register} withArrow>
          <ActionIcon component={Link} to="/pages/register" size="lg" radius="xl" aria-label={register}>
            <IconUserPlus size={19} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </>
  );
}
