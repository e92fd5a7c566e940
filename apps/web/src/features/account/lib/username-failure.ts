import { notifications } from '@mantine/notifications';

/** Spec §8: a username update that fails shows a danger notification titled Error for 8.8 seconds. */
export const USERNAME_FAILURE_MS = 8800;

export function showUsernameFailure(title: string, message: string, closeLabel: string) {
  notifications.show({
    color: 'red',
    title,
    message,
    autoClose: USERNAME_FAILURE_MS,
    closeButtonProps: { 'aria-label': closeLabel },
  });
}
