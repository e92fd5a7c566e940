import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTeamUser } from '../api/use-team-user';
import { UserEditForm } from '../components/user-edit-form';
import { BackToTeam, UserLoadState } from '../components/user-state';

/** /apps/user/user-edit/:id (admins): a user's §3 fields, role and status. */
export default function TeamUserEditPage() {
  const { id = '' } = useParams();
  const query = useTeamUser(id);
  return (
    <Stack gap="md">
      <BackToTeam />
      {/* Keyed by user: another user's page starts from their values. */}
      {query.data ? <UserEditForm key={query.data.id} user={query.data} /> : <UserLoadState error={query.error} />}
    </Stack>
  );
}
