import { Anchor, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TeamUser } from '@switchboard/contract';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { formatWhen } from '../lib/team-format';
import { useTeamText } from '../team-text';
import classes from './team.module.css';
import { RoleBadge, StatusBadge, UserAvatar } from './user-badges';

export const userPath = (id: string) => `/apps/user/user-view/${id}`;
export const userEditPath = (id: string) => `/apps/user/user-edit/${id}`;

/** One page of users: avatar, name and username, e-mail, role, status, last active; view and edit. */
export function UsersTable({ users }: { users: TeamUser[] }) {
  const t = useTeamText();
  const me = useCurrentUser();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" fz="sm" aria-label={t('list.caption')} data-testid="team-users" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.columns.user')}</Table.Th>
            <Table.Th>{t('list.columns.email')}</Table.Th>
            <Table.Th>{t('list.columns.role')}</Table.Th>
            <Table.Th>{t('list.columns.status')}</Table.Th>
            <Table.Th>{t('list.columns.lastActive')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-user-id={user.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <UserAvatar name={user.displayName} photoURL={user.photoURL} size={36} />
                  <Stack gap={0} className={classes.name}>
                    <Group gap={6} wrap="nowrap">
                      <Anchor component={Link} to={userPath(user.id)} fw={600} size="sm">
                        {user.displayName}
                      </Anchor>
                      {user.id === me?.id && (
                        <Badge size="xs" variant="default" radius="sm" className={classes.badge}>
                          {t('list.you')}
                        </Badge>
                      )}
                    </Group>
                    {user.username && (
                      <Text size="xs" c="dimmed" dir="ltr">
                        @{user.username}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td dir="ltr" className={classes.nowrap}>
                {user.email}
              </Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={user.status} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {user.lastActiveAt ? formatWhen(user.lastActiveAt) : t('list.never')}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button
                    component={Link}
                    to={userPath(user.id)}
                    size="xs"
                    variant="default"
                    leftSection={<IconEye size={16} aria-hidden />}
                    aria-label={t('list.viewLabel', { name: user.displayName })}
                  >
                    {t('list.view')}
                  </Button>
                  <Button
                    component={Link}
                    to={userEditPath(user.id)}
                    size="xs"
                    variant="default"
                    leftSection={<IconPencil size={16} aria-hidden />}
                    aria-label={t('list.editLabel', { name: user.displayName })}
                  >
                    {t('list.edit')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
