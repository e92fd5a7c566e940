import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AutoReplyRule } from '@switchboard/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../../test/fake-socket';
import { useAutoReplyEvents } from '../../api/use-auto-reply-events';
import { autoReplyKeys } from '../../api/auto-reply-keys';
import { aRule, rulesNamed, stubFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { RulesPanel } from './rules-panel';

const socket = new FakeSocket();
vi.mock('../../../../lib/realtime', () => ({ useSocket: () => socket }));

const ROW_HEIGHT = 80;

/**
 * jsdom lays nothing out; dnd-kit's keyboard moves need the rows' places. Each rule's row (and
 * what is inside it) gets a box by its position in the list, one under the other.
 */
function layOutRows() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-rule-id]');
    const index = row ? [...row.parentElement!.children].indexOf(row) : -1;
    const top = index < 0 ? 0 : 20 + index * ROW_HEIGHT;
    const height = index < 0 ? 0 : ROW_HEIGHT - 8;
    const width = index < 0 ? 0 : 600;
    return { x: 0, y: top, top, left: 0, width, height, right: width, bottom: top + height, toJSON: () => ({}) };
  });
}

function Harness() {
  useAutoReplyEvents();
  return <RulesPanel onCreate={() => {}} onEdit={() => {}} />;
}

/** The list as the server has it; PATCH and PUT answer like the server would. */
function renderList(rules: AutoReplyRule[]) {
  const sent = stubFetch(({ method, url, body }) => {
    if (url === '/api/networks') return { status: 200, body: { networks: [] } };
    if (method === 'PUT') {
      const ids = (body as { ruleIds: string[] }).ruleIds;
      return {
        status: 200,
        body: { rules: ids.map((id, i) => ({ ...rules.find((rule) => rule.id === id)!, priority: i + 1 })) },
      };
    }
    if (method === 'PATCH') {
      const id = url.split('/').pop();
      return { status: 200, body: { ...rules.find((rule) => rule.id === id)!, ...(body as object) } };
    }
    return { status: 200, body: { rules } };
  });
  const view = renderWithProviders(<Harness />);
  return { ...view, sent };
}

const names = () =>
  within(screen.getByRole('list', { name: 'Auto-reply rules' }))
    .getAllByRole('listitem')
    .map((row) => within(row).getByTestId('rule-name').textContent);

/** Text as seen: without the invisible marks that keep dates and zones in one piece in Arabic. */
const seen = (element: Element) => element.textContent!.replace(/[\u2066-\u2069]/g, '');

const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('RuleList', () => {
  beforeEach(() => {
    socket.connected = true;
    Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the rules in priority order with their trigger, networks and firings', async () => {
    const rules = [
      aRule({ name: 'Prices', priority: 1, firedCount: 12, lastFiredAt: '2026-03-10T12:30:00.000Z' }),
      aRule({
        name: 'Closed',
        priority: 2,
        trigger: { type: 'outside-hours', schedule: [[], [], [], [], [], [], []], holidays: [] },
      }),
      aRule({ name: 'Hello', priority: 3, trigger: { type: 'any' }, enabled: false }),
    ];
    renderList(rules);
    await screen.findByRole('list', { name: 'Auto-reply rules' });
    expect(names()).toEqual(['Prices', 'Closed', 'Hello']);
    const [prices, closed, hello] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(prices.textContent).toContain('Exact: PRICE');
    expect(prices.textContent).toContain('Networks: All networks');
    expect(prices.textContent).toContain('Fired: 12');
    expect(seen(closed)).toContain('Outside business hours (Europe/Berlin)');
    expect(closed.textContent).toContain('Last fired: never');
    expect(hello.textContent).toContain('Off');
  });

  it('moves a rule down with the keyboard and saves the new order (PUT /api/auto-reply/order)', async () => {
    const rules = rulesNamed('First', 'Second', 'Third');
    const { sent } = renderList(rules);
    await screen.findByRole('list', { name: 'Auto-reply rules' });
    layOutRows();

    const handle = screen.getByRole('button', { name: 'Move rule First' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await nextTick();
    const liveRegion = screen.getByRole('status');
    await waitFor(() => expect(liveRegion.textContent).toBe('Picked up rule First. It is at position 1 of 3.'));
    fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
    await waitFor(() => expect(liveRegion.textContent).toBe('Rule First is over position 2 of 3.'));
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });

    await waitFor(() => expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(liveRegion.textContent).toBe('Rule First dropped at position 2 of 3.');
    expect(sent.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/auto-reply/order',
      body: { ruleIds: [rules[1]!.id, rules[0]!.id, rules[2]!.id] },
    });
    await waitFor(() => expect(names()).toEqual(['Second', 'First', 'Third']));
  });

  it('turns a rule off with its switch (PATCH { enabled: false })', async () => {
    const [rule] = rulesNamed('Prices');
    const { sent } = renderList([rule!]);
    fireEvent.click(await screen.findByRole('switch', { name: 'Rule Prices enabled' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(1));
    expect(sent.find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: `/api/auto-reply/rules/${rule!.id}`,
      body: { enabled: false },
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Rule Prices enabled' })).toHaveProperty('checked', false),
    );
  });

  it('counts a firing as it happens (auto-reply.fired)', async () => {
    const rule = aRule({ name: 'Prices', firedCount: 1 });
    const { queryClient } = renderList([rule]);
    const row = await screen.findByRole('listitem');
    expect(row.textContent).toContain('Fired: 1');

    socket.play('auto-reply.fired', { ruleId: rule.id, firedCount: 2, lastFiredAt: '2026-03-10T13:00:00.000Z' });
    await waitFor(() => expect(row.textContent).toContain('Fired: 2'));
    // An older event that arrives late changes nothing.
    socket.play('auto-reply.fired', { ruleId: rule.id, firedCount: 1, lastFiredAt: '2026-03-10T12:00:00.000Z' });
    expect(queryClient.getQueryData<AutoReplyRule[]>(autoReplyKeys.rules())![0]).toMatchObject({
      firedCount: 2,
      lastFiredAt: '2026-03-10T13:00:00.000Z',
    });
  });
});
