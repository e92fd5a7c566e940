import { Badge, Button, Code, Group, Table, Text } from '@mantine/core';
import type { ApiKey } from '@switchboard/contract';
import { IconBan, IconKey } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { isolateLtr, isolateText } from '../../../lib/isolate';
import { useDevelopersText } from '../developers-text';
import { keyState } from '../lib/key-state';
import classes from './developers.module.css';
import { KeyStateBadge } from './key-state-badge';

interface ApiKeyRowProps {
  apiKey: ApiKey;
  onRevoke: (apiKey: ApiKey) => void;
  /** Opens the dialog that gives the key a new SMSGate login. */
  onBasicAuth: (apiKey: ApiKey) => void;
}

/** One key: what it is, what it may do, who made it, when it was last used and from where. */
export function ApiKeyRow({ apiKey, onRevoke, onBasicAuth }: ApiKeyRowProps) {
  const t = useDevelopersText();
  const state = keyState(apiKey);
  const revocable = state !== 'revoked';
  return (
    <Table.Tr data-key-id={apiKey.id}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {apiKey.name}
        </Text>
        {apiKey.allowedIps.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('keys.allowedIps', { ranges: isolateLtr(apiKey.allowedIps.join(', ')) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        <Code dir="ltr">{apiKey.prefix}…</Code>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="outline" radius="sm" tt="none" dir="ltr" className={classes.badge}>
              {scope}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>{apiKey.createdBy ? isolateText(apiKey.createdBy.displayName) : t('keys.deletedUser')}</Table.Td>
      <Table.Td className={classes.nowrap}>{isolateLtr(formatDateTime(apiKey.createdAt))}</Table.Td>
      <Table.Td className={classes.nowrap}>
        {apiKey.lastUsedAt ? (
          <>
            {isolateLtr(formatDateTime(apiKey.lastUsedAt))}
            {apiKey.lastUsedIp && (
              <Text size="xs" c="dimmed">
                {t('keys.fromIp', { ip: isolateLtr(apiKey.lastUsedIp) })}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed" span>
            {t('keys.neverUsed')}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {apiKey.expiresAt ? isolateLtr(formatDateTime(apiKey.expiresAt)) : t('keys.noExpiry')}
      </Table.Td>
      <Table.Td>
        <KeyStateBadge apiKey={apiKey} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {state === 'active' && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconKey size={14} aria-hidden />}
              aria-label={t('keys.basicAuthLabel', { name: apiKey.name })}
              onClick={() => onBasicAuth(apiKey)}
            >
              {t('keys.basicAuth')}
            </Button>
          )}
          {revocable && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconBan size={14} aria-hidden />}
              aria-label={t('keys.revokeLabel', { name: apiKey.name })}
              onClick={() => onRevoke(apiKey)}
            >
              {t('keys.revoke')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
