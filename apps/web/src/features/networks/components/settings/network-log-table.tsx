import {
  ActionIcon,
  Alert,
  Badge,
  Center,
  Code,
  Collapse,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { NetworkLogEntry } from '@switchboard/contract';
import { IconChevronDown } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { formatDateTime } from '../../../../lib/format';
import { useNetworkLogs } from '../../api/use-network-logs';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useNetworksText } from '../../networks-text';
import classes from './network-settings.module.css';

const KIND_COLORS: Record<NetworkLogEntry['kind'], string> = {
  'webhook-rejected': 'orange',
  error: 'red',
  info: 'blue',
};

/** Rejected webhooks and recent errors, newest first; a row's details open below it. */
export function NetworkLogTable({ networkId }: { networkId: string }) {
  const t = useNetworksText();
  const errorMessage = useApiErrorMessage();
  const logs = useNetworkLogs(networkId);
  const [open, setOpen] = useState<string | null>(null);

  if (logs.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  if (logs.isError) {
    return (
      <Alert color="red" variant="light" title={t('settings.log.loadError')}>
        {errorMessage(logs.error)}
      </Alert>
    );
  }
  if (logs.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        {t('settings.log.empty')}
      </Text>
    );
  }
  return (
    <Table verticalSpacing={6} fz="sm" aria-label={t('settings.log.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('settings.log.time')}</Table.Th>
          <Table.Th>{t('settings.log.message')}</Table.Th>
          <Table.Th w={40}>
            <VisuallyHidden>{t('settings.log.details')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {logs.data.map((entry) => {
          const expanded = open === entry.id;
          const toggle = () => setOpen(expanded ? null : entry.id);
          return (
            <Fragment key={entry.id}>
              <Table.Tr
                className={entry.details ? classes.logRow : undefined}
                onClick={entry.details ? toggle : undefined}
              >
                <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  <Stack gap={4} align="flex-start">
                    <Text size="xs" c="dimmed" component="time" dateTime={entry.createdAt} dir="ltr">
                      {formatDateTime(entry.createdAt)}
                    </Text>
                    <Badge variant="light" size="sm" color={KIND_COLORS[entry.kind]} miw="max-content">
                      {t(`settings.log.kinds.${entry.kind}`)}
                    </Badge>
                  </Stack>
                </Table.Td>
                <Table.Td dir="auto" style={{ verticalAlign: 'top' }}>
                  {entry.message}
                </Table.Td>
                <Table.Td>
                  {entry.details && (
                    <Tooltip label={t(expanded ? 'settings.log.hideDetails' : 'settings.log.showDetails')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-expanded={expanded}
                        aria-label={t(expanded ? 'settings.log.hideDetails' : 'settings.log.showDetails')}
                        onClick={(event) => {
                          event.stopPropagation();
                          toggle();
                        }}
                      >
                        <IconChevronDown
                          size={16}
                          aria-hidden
                          style={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
                        />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
              {entry.details && (
                <Table.Tr style={{ display: expanded ? undefined : 'none' }}>
                  <Table.Td colSpan={3} p={0}>
                    <Collapse in={expanded}>
                      <Code block dir="ltr" className={classes.details}>
                        {JSON.stringify(entry.details, null, 2)}
                      </Code>
                    </Collapse>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
