import { Badge, Table } from '@mantine/core';
import type { DispatchedOrder } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { kFormat } from '../../../lib/format';
import { isolateLtr, isolateText } from '../../../lib/isolate';
import { useAnalyticsText, type AnalyticsText } from '../analytics-text';
import { useDispatchedOrders } from '../api/use-dispatched-orders';
import { formatDateTimeIn } from '../lib/analytics-format';
import classes from './analytics.module.css';
import { Panel } from './panel';

/** Colours whose light variant reads at WCAG AA in both themes (see app/theme.ts); others are neutral. */
const STATE_COLORS: Record<string, string> = {
  delivered: 'green',
  completed: 'green',
  sent: 'brand',
  sending: 'brand',
  scheduled: 'brand',
  paused: 'orange',
  failed: 'red',
};

const STATES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'cancelled',
  'received',
  'draft',
  'scheduled',
  'paused',
  'completed',
] as const;

function stateText(t: AnalyticsText, state: string): string {
  const known = STATES.find((name) => name === state);
  return known ? t(`dispatched.states.${known}`) : state;
}

/** A campaign's name links to its report; a message's recipient is shown as the number it is. */
function Target({ order }: { order: DispatchedOrder }) {
  // dir="auto" isolates the name in its own direction (and keeps the link's name clean).
  if (order.kind === 'campaign')
    return (
      <Link to={`/views/campaigns/${order.id}`} dir="auto">
        {order.title}
      </Link>
    );
  return <span dir="ltr">{order.title}</span>;
}

/** The latest outbound messages and campaigns with their states (spec §7's dispatched orders). */
export function DispatchedTable({ timeZone }: { timeZone: string }) {
  const t = useAnalyticsText();
  const { i18n } = useTranslation();
  const query = useDispatchedOrders();
  return (
    <Panel
      title={t('dispatched.title')}
      query={query}
      empty={({ orders }) => (orders.length === 0 ? t('dispatched.empty') : null)}
      testId="dispatched-orders"
    >
      {({ orders }) => (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" striped highlightOnHover aria-label={t('dispatched.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dispatched.kind')}</Table.Th>
                <Table.Th>{t('dispatched.target')}</Table.Th>
                <Table.Th>{t('dispatched.network')}</Table.Th>
                <Table.Th>{t('dispatched.state')}</Table.Th>
                <Table.Th ta="end">{t('dispatched.count')}</Table.Th>
                <Table.Th>{t('dispatched.at')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => (
                <Table.Tr key={`${order.kind}-${order.id}`} data-kind={order.kind} data-id={order.id}>
                  <Table.Td>{t(`dispatched.kinds.${order.kind}`)}</Table.Td>
                  <Table.Td>
                    <Target order={order} />
                  </Table.Td>
                  <Table.Td>{order.networkName ? isolateText(order.networkName) : t('none')}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant={STATE_COLORS[order.state] ? 'light' : 'default'}
                      color={STATE_COLORS[order.state]}
                      data-state={order.state}
                    >
                      {stateText(t, order.state)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="end" className={classes.numbers}>
                    {isolateLtr(kFormat(order.count, i18n.language))}
                  </Table.Td>
                  <Table.Td className={classes.numbers}>{isolateLtr(formatDateTimeIn(order.at, timeZone))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}
