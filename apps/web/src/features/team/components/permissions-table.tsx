import { Table, Text, VisuallyHidden } from '@mantine/core';
import { PERMISSION_ACTIONS, PERMISSION_SUBJECTS, type Permissions, type UserRole } from '@switchboard/contract';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useTeamText } from '../team-text';
import classes from './team.module.css';

/** The spec's permissions matrix (users, posts, comments × read, write, create, delete), as the role allows it. */
export function PermissionsTable({ role, permissions }: { role: UserRole; permissions: Permissions }) {
  const t = useTeamText();
  return (
    <>
      <Table
        className={classes.matrix}
        verticalSpacing="xs"
        fz="sm"
        withTableBorder
        aria-label={t('permissions.caption', { role: t(`roles.${role}`) })}
        data-testid="team-permissions"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('permissions.subject')}</Table.Th>
            {PERMISSION_ACTIONS.map((action) => (
              <Table.Th key={action}>{t(`permissions.actions.${action}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PERMISSION_SUBJECTS.map((subject) => (
            <Table.Tr key={subject}>
              <Table.Th scope="row" fw={500}>
                {t(`permissions.subjects.${subject}`)}
              </Table.Th>
              {PERMISSION_ACTIONS.map((action) => {
                const allowed = permissions[subject][action];
                return (
                  <Table.Td key={action} data-allowed={allowed}>
                    {allowed ? (
                      <IconCheck size={18} className={classes.allowed} aria-hidden />
                    ) : (
                      <IconMinus size={18} className={classes.denied} aria-hidden />
                    )}
                    <VisuallyHidden>{t(allowed ? 'permissions.allowed' : 'permissions.denied')}</VisuallyHidden>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        {t('permissions.note')}
      </Text>
    </>
  );
}
