import { Alert, Button, Card, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useTeamUsers } from '../api/use-team-users';
import { InvitationsSection } from '../components/invitations-section';
import { InviteModal } from '../components/invite-modal';
import classes from '../components/team.module.css';
import { UsersTable } from '../components/users-table';
import { UsersToolbar } from '../components/users-toolbar';
import { useUsersUrl } from '../hooks/use-users-url';
import { isFiltered, pageCount } from '../lib/users-filters';
import { useTeamText } from '../team-text';

/**
 * /apps/user/user-list (admins): the workspace's users — search, role and status filters, pages of
 * 10 to 100 (all in the URL) — the invite dialog and the invitations.
 */
export default function TeamPage() {
  const t = useTeamText();
  const errorMessage = useApiErrorMessage();
  const { query, change } = useUsersUrl();
  const users = useTeamUsers(query);
  const [inviting, setInviting] = useState(false);
  const total = users.isPlaceholderData ? undefined : users.data?.total;
  const countText =
    total === undefined ? null : total === 1 ? t('list.countOne') : t('list.count', { n: total.toLocaleString() });
  const pages = pageCount(users.data?.total ?? 0, query.perPage);

  return (
    <Stack gap="xl">
      <Card withBorder radius="md" padding={0} className={classes.card}>
        <Text size="sm" c="dimmed" px="md" pt="md">
          {t('list.subtitle')}
        </Text>
        <UsersToolbar query={query} onChange={change} countText={countText} onInvite={() => setInviting(true)} />
        {users.isPending ? (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label={t('list.caption')} />
          </Group>
        ) : users.isError ? (
          <Alert color="red" title={t('list.loadFailed')} role="alert" m="md">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(users.error)}</Text>
              <Button size="xs" variant="default" onClick={() => void users.refetch()}>
                {t('list.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : users.data.users.length === 0 ? (
          <Stack align="center" gap="xs" py="xl">
            <Text c="dimmed" size="sm">
              {t('list.empty')}
            </Text>
            {isFiltered(query) && (
              <Button
                variant="default"
                size="xs"
                onClick={() => change({ q: undefined, role: undefined, status: undefined })}
              >
                {t('list.clearFilters')}
              </Button>
            )}
          </Stack>
        ) : (
          <UsersTable users={users.data.users} />
        )}
        {pages > 1 && (
          <Group justify="center" p="sm" className={classes.footer}>
            <nav aria-label={t('list.pages')}>
              <Pagination
                total={pages}
                value={Math.min(query.page, pages)}
                onChange={(page) => change({ page })}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t('list.previous') }
                    : control === 'next'
                      ? { 'aria-label': t('list.next') }
                      : {}
                }
              />
            </nav>
          </Group>
        )}
      </Card>
      <InvitationsSection />
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
