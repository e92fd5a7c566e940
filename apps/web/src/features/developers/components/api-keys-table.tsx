import { Table, VisuallyHidden } from '@mantine/core';
import type { ApiKey } from '@switchboard/contract';
import { useDevelopersText } from '../developers-text';
import { ApiKeyRow } from './api-key-row';
import classes from './developers.module.css';

interface ApiKeysTableProps {
  apiKeys: ApiKey[];
  onRevoke: (apiKey: ApiKey) => void;
  onBasicAuth: (apiKey: ApiKey) => void;
}

/** The workspace's keys, newest first, revoked ones included (they explain past calls). */
export function ApiKeysTable({ apiKeys, onRevoke, onBasicAuth }: ApiKeysTableProps) {
  const t = useDevelopersText();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" fz="sm" className={classes.table} aria-label={t('keys.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('keys.columns.name')}</Table.Th>
            <Table.Th>{t('keys.columns.prefix')}</Table.Th>
            <Table.Th>{t('keys.columns.scopes')}</Table.Th>
            <Table.Th>{t('keys.columns.createdBy')}</Table.Th>
            <Table.Th>{t('keys.columns.created')}</Table.Th>
            <Table.Th>{t('keys.columns.lastUsed')}</Table.Th>
            <Table.Th>{t('keys.columns.expires')}</Table.Th>
            <Table.Th>{t('keys.columns.state')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('keys.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {apiKeys.map((apiKey) => (
            <ApiKeyRow key={apiKey.id} apiKey={apiKey} onRevoke={onRevoke} onBasicAuth={onBasicAuth} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
