import { ActionIcon, Button, Select, Text, TextInput } from '@mantine/core';
import { USERS_PER_PAGE, type UserRole, type UserStatus, type UsersQuery } from '@switchboard/contract';
import { IconSearch, IconUserPlus, IconX } from '@tabler/icons-react';
import { useDebouncedText } from '../../../lib/use-debounced-text';
import { useTeamText } from '../team-text';
import classes from './team.module.css';

interface UsersToolbarProps {
  query: UsersQuery;
  onChange: (change: Partial<UsersQuery>) => void;
  /** "12 users", or null while counting. */
  countText: string | null;
  onInvite: () => void;
}

const ANY = 'any';

/** Search, role and status filters, page size, the count, and "Invite". */
export function UsersToolbar({ query, onChange, countText, onInvite }: UsersToolbarProps) {
  const t = useTeamText();
  const search = useDebouncedText(query.q ?? '', (q) => onChange({ q }));
  return (
    <div className={classes.toolbar}>
      <TextInput
        className={classes.search}
        type="search"
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search.text}
        onChange={(event) => search.change(event.currentTarget.value)}
        rightSection={
          search.text ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('list.clearSearch')}
              onClick={() => search.set('')}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          ) : null
        }
      />
      <Select
        className={classes.filter}
        label={t('list.role')}
        data={[
          { value: ANY, label: t('list.anyRole') },
          { value: 'admin', label: t('roles.admin') },
          { value: 'editor', label: t('roles.editor') },
        ]}
        value={query.role ?? ANY}
        allowDeselect={false}
        onChange={(value) => onChange({ role: value === ANY ? undefined : (value as UserRole) })}
      />
      <Select
        className={classes.filter}
        label={t('list.status')}
        data={[
          { value: ANY, label: t('list.anyStatus') },
          { value: 'active', label: t('statuses.active') },
          { value: 'blocked', label: t('statuses.blocked') },
          { value: 'deactivated', label: t('statuses.deactivated') },
        ]}
        value={query.status ?? ANY}
        allowDeselect={false}
        onChange={(value) => onChange({ status: value === ANY ? undefined : (value as UserStatus) })}
      />
      <Select
        w={150}
        label={t('list.perPage')}
        data={USERS_PER_PAGE.map(String)}
        value={String(query.perPage)}
        allowDeselect={false}
        onChange={(value) => onChange({ perPage: Number(value) })}
      />
      {countText && (
        <Text size="sm" c="dimmed" className={classes.count} aria-live="polite">
          {countText}
        </Text>
      )}
      <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={onInvite}>
        {t('list.invite')}
      </Button>
    </div>
  );
}
