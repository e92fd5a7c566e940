import { Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useTeamUser } from '../api/use-team-user';
import { PermissionsTable } from '../components/permissions-table';
import classes from '../components/team.module.css';
import { UserActions } from '../components/user-actions';
import { RoleBadge, StatusBadge, UserAvatar } from '../components/user-badges';
import { UserDetails } from '../components/user-details';
import { BackToTeam, UserLoadState } from '../components/user-state';
import { userEditPath } from '../components/users-table';
import { useTeamText } from '../team-text';

/** /apps/user/user-view/:id (admins): every §3 field of a user, what their role allows, and what an admin can do. */
export default function TeamUserPage() {
  const t = useTeamText();
  const { id = '' } = useParams();
  const me = useCurrentUser();
  const query = useTeamUser(id);
  const user = query.data;

  return (
    <Stack gap="md">
      <BackToTeam />
      {!user ? (
        <UserLoadState error={query.error} />
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Card withBorder radius="md" padding="lg" className={classes.card}>
                <Stack align="center" gap="xs" ta="center">
                  <UserAvatar name={user.displayName} photoURL={user.photoURL} size={96} />
                  <Title order={2} size="h3" data-testid="team-user-name">
                    {user.displayName}
                  </Title>
                  <Text size="sm" c="dimmed" dir="ltr">
                    {user.email}
                  </Text>
                  <Group gap="xs" justify="center">
                    <RoleBadge role={user.role} />
                    <StatusBadge status={user.status} />
                  </Group>
                  {user.id === me?.id && (
                    <Text size="xs" c="dimmed">
                      {t('user.you')}
                    </Text>
                  )}
                  <Button
                    component={Link}
                    to={userEditPath(user.id)}
                    variant="light"
                    leftSection={<IconPencil size={16} aria-hidden />}
                    mt="xs"
                  >
                    {t('user.edit')}
                  </Button>
                </Stack>
              </Card>
              <Card
                withBorder
                radius="md"
                padding="lg"
                className={classes.card}
                component="section"
                aria-label={t('user.sections.actions')}
              >
                <Title order={2} size="h5" mb="sm">
                  {t('user.sections.actions')}
                </Title>
                <UserActions user={user} />
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <UserDetails user={user} />
              <Card withBorder radius="md" padding="lg" className={classes.card}>
                <Title order={2} size="h5" mb="sm">
                  {t('user.sections.permissions')}
                </Title>
                <PermissionsTable role={user.role} permissions={user.permissions} />
              </Card>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
