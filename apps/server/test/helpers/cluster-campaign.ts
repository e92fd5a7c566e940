import type { Campaign, ContactImport, ContactImportUploadResponse, NetworkResponse } from '@switchboard/contract';
import { expectCall, until, type Instance } from './server-cluster.js';
import type { Smsc, SubmitRecord } from './smsc.js';

/**
 * A campaign to many contacts on an SMPP network, set up through one instance's HTTP API the way
 * the campaign tests of test/process do: the contacts imported from a CSV into a list, the
 * network pointed at a local SMS centre, the campaign drafted to the list.
 */

/** Recipient i: a German mobile number. */
export const recipientNumber = (i: number) => `+4915${100_000_000 + i}`;

/** `count` contacts through the CSV import API, every one joining a new list; resolves with its id. */
export async function importRecipients(instance: Instance, token: string, count: number): Promise<string> {
  const list = await expectCall<{ list: { id: string } }>(201, instance, 'POST', '/api/contact-lists', {
    token,
    body: { name: `Campaign audience ${count}` },
  });
  const listId = list.list.id;
  const lines = ['Mobile,Name'];
  for (let i = 0; i < count; i++) lines.push(`${recipientNumber(i)},Contact ${i}`);
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'audience.csv');
  const upload = await fetch(`${instance.url}/api/contacts/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`the upload answered ${upload.status}: ${await upload.text()}`);
  const importId = ((await upload.json()) as ContactImportUploadResponse).import.id;
  await expectCall(202, instance, 'POST', `/api/contacts/imports/${importId}/start`, {
    token,
    body: { mapping: ['number', 'name'], mode: 'update', listId },
  });
  let report: ContactImport | undefined;
  await until(
    'the import to finish',
    async () => {
      const answer = await expectCall<{ import: ContactImport }>(
        200,
        instance,
        'GET',
        `/api/contacts/imports/${importId}`,
        {
          token,
        },
      );
      report = answer.import;
      return report.state !== 'uploaded' && report.state !== 'running';
    },
    180_000,
  );
  if (report?.state !== 'completed' || report.created !== count) {
    throw new Error(`the import ended ${JSON.stringify(report)}`);
  }
  return listId;
}

/** An SMPP network on `smsc` (whose credentials are systemId / "secret"); resolves with its id. */
export async function createSmppNetwork(
  instance: Instance,
  token: string,
  smsc: Smsc,
  options: { systemId: string; throughput: number; windowSize: number },
): Promise<string> {
  const created = await expectCall<NetworkResponse>(201, instance, 'POST', '/api/networks', {
    token,
    body: {
      kind: 'smpp',
      name: `Centre ${options.systemId}`,
      address: options.systemId.toUpperCase(),
      throughput: options.throughput,
      settings: {
        host: '127.0.0.1',
        port: smsc.port,
        systemId: options.systemId,
        password: 'secret',
        windowSize: options.windowSize,
      },
    },
  });
  return created.network.id;
}

/** A draft campaign to the list, without quiet hours; resolves with its id. */
export async function draftCampaign(
  instance: Instance,
  token: string,
  options: { networkId: string; listId: string; ratePerSecond: number },
): Promise<string> {
  const created = await expectCall<{ campaign: Campaign }>(201, instance, 'POST', '/api/campaigns', {
    token,
    body: {
      name: 'Cluster campaign',
      networkIds: [options.networkId],
      audience: { listIds: [options.listId] },
      body: 'Hi {name|there}, this is the cluster test.',
      ratePerSecond: options.ratePerSecond,
      quietHours: null,
    },
  });
  return created.campaign.id;
}

/** A campaign action (start, pause, resume…) on `instance`; resolves with the campaign it answered. */
export async function campaignAction(instance: Instance, token: string, campaignId: string, action: string) {
  const answer = await expectCall<{ campaign: Campaign }>(
    200,
    instance,
    'POST',
    `/api/campaigns/${campaignId}/${action}`,
    {
      token,
    },
  );
  return answer.campaign;
}

export async function campaignNow(instance: Instance, token: string, campaignId: string): Promise<Campaign> {
  return (await expectCall<{ campaign: Campaign }>(200, instance, 'GET', `/api/campaigns/${campaignId}`, { token }))
    .campaign;
}

/** The submits per destination number, to count repeats. */
export function submitsPerNumber(submits: readonly SubmitRecord[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const submit of submits) counts.set(submit.destination, (counts.get(submit.destination) ?? 0) + 1);
  return counts;
}
