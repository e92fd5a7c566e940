import { Alert, Anchor, Group, Loader } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useTeamText } from '../team-text';
import classes from './team.module.css';

/** "Back to the team": the user pages' way back to the list. */
export function BackToTeam() {
  const t = useTeamText();
  return (
    <Anchor component={Link} to="/apps/user/user-list" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden className={classes.backArrow} />
        {t('user.backToTeam')}
      </Group>
    </Anchor>
  );
}

/** While the user loads, or why they could not be (an unknown id, another workspace's: not found). */
export function UserLoadState({ error }: { error: unknown }) {
  const t = useTeamText();
  const errorMessage = useApiErrorMessage();
  if (!error) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label={t('user.loadFailed')} />
      </Group>
    );
  }
  return (
    <Alert color="red" title={t('user.loadFailed')} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
