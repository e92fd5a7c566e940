import { Avatar, Badge, type AvatarProps } from '@mantine/core';
import type { InvitationState, UserRole, UserStatus } from '@switchboard/contract';
import { useTeamText } from '../team-text';
import classes from './team.module.css';

const STATUS_COLORS: Record<UserStatus, string> = { active: 'success', blocked: 'danger', deactivated: 'gray' };
const STATE_COLORS: Record<InvitationState, string> = {
  pending: 'brand',
  accepted: 'success',
  revoked: 'gray',
  expired: 'danger',
};

/** Active, blocked or deactivated. */
export function StatusBadge({ status }: { status: UserStatus }) {
  const t = useTeamText();
  return (
    <Badge
      variant="light"
      radius="sm"
      color={STATUS_COLORS[status]}
      classNames={{ root: classes.badge, label: status === 'deactivated' ? classes.quietLabel : undefined }}
      data-status={status}
    >
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function RoleBadge({ role }: { role: UserRole }) {
  const t = useTeamText();
  return (
    // Gray text on its own light shade is below 4.5:1: an editor's badge takes the default colours.
    <Badge variant={role === 'admin' ? 'outline' : 'default'} radius="sm" color="brand" className={classes.badge}>
      {t(`roles.${role}`)}
    </Badge>
  );
}

/** Pending, accepted, revoked or expired. */
export function InvitationStateBadge({ state }: { state: InvitationState }) {
  const t = useTeamText();
  return (
    <Badge
      variant="light"
      radius="sm"
      color={STATE_COLORS[state]}
      classNames={{ root: classes.badge, label: state === 'revoked' ? classes.quietLabel : undefined }}
      data-state={state}
    >
      {t(`invitations.states.${state}`)}
    </Badge>
  );
}

/** The user's picture, or their initials. */
export function UserAvatar({ name, photoURL, ...props }: { name: string; photoURL: string | null } & AvatarProps) {
  // The name is written next to it: the picture itself says nothing more.
  // The brand colour's text shades are the theme's contrast-checked ones (initials colours are not).
  return <Avatar src={photoURL} name={name} color="brand" alt="" {...props} />;
}
