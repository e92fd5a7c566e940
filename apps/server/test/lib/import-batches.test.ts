import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readImportBatches,
  type ImportBatch,
  type ImportReadOptions,
} from '../../src/modules/contacts/import-batches.js';
import { createImportWorkers } from '../../src/modules/contacts/import-batches-in-worker.js';

/** A file whose bytes arrive in small chunks (as a stored file's stream gives them), cut mid-row. */
const file = (text: string, chunk = 64) =>
  Readable.from(
    Array.from({ length: Math.ceil(text.length / chunk) }, (_, i) =>
      Buffer.from(text.slice(i * chunk, (i + 1) * chunk)),
    ),
  );

const options: ImportReadOptions = {
  delimiter: 'comma',
  mapping: ['number', 'name', 'tags'],
  defaultCountry: null,
  tags: ['csv'],
};

/** 25 rows: every fifth invalid, the last five repeating earlier numbers. */
const rows = ['phone,name,tags'];
for (let i = 0; i < 25; i++) {
  const number = i % 5 === 4 ? `bad ${i}` : `+4915${100_000_000 + (i >= 20 ? i - 20 : i)}`;
  rows.push(`${number},"Ada, ${i}",vip`);
}
const csv = `${rows.join('\n')}\n`;

const collect = async (batches: AsyncIterable<ImportBatch>) => {
  const all: ImportBatch[] = [];
  for await (const batch of batches) all.push(batch);
  return all;
};

describe('reading an import file into batches', () => {
  const workers = createImportWorkers();
  afterAll(() => workers.close());

  it('cuts batches by rows read, counts repeats once and keeps invalid rows with their lines', async () => {
    const batches = await collect(readImportBatches(file(csv), options, 10));
    expect(batches.map((b) => [b.read, b.contacts.count, b.duplicates, b.invalid.length])).toEqual([
      [10, 8, 0, 2],
      [10, 8, 0, 2],
      [5, 0, 4, 1],
    ]);
    // A file that ends on a batch's edge ends with an empty batch: the job records the end with it.
    const twenty = `${rows.slice(0, 21).join('\n')}\n`;
    expect((await collect(readImportBatches(file(twenty), options, 10))).map((b) => b.read)).toEqual([10, 10, 0]);
    expect(JSON.parse(batches[0]!.contacts.json)[0]).toEqual({
      phoneNumber: '+4915100000000',
      name: 'Ada, 0',
      tags: ['vip', 'csv'],
      timeZone: null,
      customFields: {},
    });
    expect(batches[0]!.invalid[0]).toMatchObject({ line: 6, cells: ['bad 4', 'Ada, 4', 'vip'] });
    expect(batches[0]!.invalid[0]!.refusal.problem).toBe('noCountryCode');
  });

  it('gives the same batches from a worker thread, and the worker serves the next file too', async () => {
    const inProcess = await collect(readImportBatches(file(csv, 7), options));
    expect(await collect(workers.read(file(csv, 7), options))).toEqual(inProcess);
    expect(await collect(workers.read(file(csv, 100), options))).toEqual(inProcess);
  });

  it('stops the worker when the reader stops early, and a new one reads the next file', async () => {
    const big = ['phone'];
    for (let i = 0; i < 20_000; i++) big.push(`+4915${100_000_000 + i}`);
    for await (const batch of workers.read(file(`${big.join('\n')}\n`, 4096), { ...options, mapping: ['number'] })) {
      expect(batch.read).toBe(2000);
      break;
    }
    expect((await collect(workers.read(file(csv), options))).map((b) => b.read)).toEqual([25]);
  });

  it("passes the worker's refusal on as the same error", async () => {
    await expect(
      collect(workers.read(file('phone,name\n+4915100000000,"open quote\n'), options)),
    ).rejects.toMatchObject({
      code: 'IMPORT_FILE_INVALID',
      statusCode: 400,
    });
    await expect(collect(workers.read(file(csv), options))).resolves.toHaveLength(1);
  });
});
