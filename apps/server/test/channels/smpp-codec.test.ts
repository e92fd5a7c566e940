import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import { PartAssembler, concatenationUdh, readConcatenation } from '../../src/channels/smpp/concatenation.js';
import { parseReceiptText, readReceipt, receiptOutcome } from '../../src/channels/smpp/delivery-receipt.js';
import { describeStatus } from '../../src/channels/smpp/smpp-status.js';
import { buildSubmitPdus } from '../../src/channels/smpp/submit-pdus.js';
import { countSegments, splitSegments } from '../../src/lib/sms-segments.js';
import { SmppSettingsSchema } from '@switchboard/contract';

/** Length of a part as the network counts it: GSM septets (escapes 2) or UTF-16 code units. */
function unitsOf(text: string, encoding: 'GSM-7' | 'UCS-2'): number {
  return encoding === 'UCS-2' ? text.length : smpp.encodings.ASCII.encode(text).length;
}

describe('splitSegments', () => {
  it.each([
    ['GSM-7 at the 3-part boundary', 'a'.repeat(459), 'GSM-7', 3, 153],
    ['GSM-7 one past it', 'a'.repeat(460), 'GSM-7', 4, 153],
    ['GSM-7 with escaped characters', '€'.repeat(100) + 'x', 'GSM-7', 2, 153],
    ['UCS-2 Arabic', 'مرحبا '.repeat(20), 'UCS-2', 2, 67],
    ['UCS-2 emoji (surrogate pairs)', '😀'.repeat(40), 'UCS-2', 2, 67],
    ['UCS-2 with a short last part', 'ا'.repeat(71), 'UCS-2', 2, 67],
  ] as const)('cuts %s into parts the count promised, each within the limit', (_name, body, encoding, parts, limit) => {
    const split = splitSegments(body);
    expect(countSegments(body)).toEqual({ encoding, segments: parts });
    expect(split).toHaveLength(parts);
    expect(split.join('')).toBe(body);
    for (const part of split) expect(unitsOf(part, encoding)).toBeLessThanOrEqual(limit);
  });

  it('never cuts an emoji in half', () => {
    const body = 'x'.repeat(66) + '😀' + 'y'.repeat(10);
    for (const part of splitSegments(body)) expect(part).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });

  it('keeps a text that fits one SMS whole', () => {
    expect(splitSegments('a'.repeat(160))).toEqual(['a'.repeat(160)]);
    expect(splitSegments('ب'.repeat(70))).toEqual(['ب'.repeat(70)]);
  });
});

describe('delivery receipts', () => {
  it('reads the standard receipt text', () => {
    const text =
      'id:0A1B2C sub:001 dlvrd:001 submit date:2501011200 done date:2501011201 stat:DELIVRD err:000 text:Hello';
    expect(parseReceiptText(text)).toEqual({ messageId: '0A1B2C', stat: 'DELIVRD', err: '000' });
    expect(parseReceiptText('Hello, my id: is secret')).toBeNull();
  });

  it('reads receipt ids with characters the GSM alphabet decodes differently', () => {
    const pdu = new smpp.PDU(
      new smpp.PDU('deliver_sm', {
        esm_class: 0x04,
        data_coding: 0,
        short_message: Buffer.from(
          'id:msg_42 sub:001 dlvrd:000 submit date:2501011200 done date:2501011201 stat:UNDELIV err:034 text:',
          'latin1',
        ),
      }).toBuffer(),
    );
    expect(readReceipt(pdu)).toEqual({ messageId: 'msg_42', stat: 'UNDELIV', err: '034' });
  });

  it('prefers the receipted_message_id and message_state TLVs', () => {
    const pdu = new smpp.PDU(
      new smpp.PDU('deliver_sm', {
        esm_class: 0,
        data_coding: 0,
        short_message: Buffer.alloc(0),
        receipted_message_id: 'abc',
        message_state: 3,
      }).toBuffer(),
    );
    expect(readReceipt(pdu)).toEqual({ messageId: 'abc', stat: 'EXPIRED', err: null });
  });

  it('leaves an ordinary text alone', () => {
    const pdu = new smpp.PDU(
      new smpp.PDU('deliver_sm', { data_coding: 0, short_message: Buffer.from('Hi there') }).toBuffer(),
    );
    expect(readReceipt(pdu)).toBeNull();
  });

  it('maps stat words to message states with readable failures', () => {
    expect(receiptOutcome({ messageId: 'x', stat: 'DELIVRD', err: '000' })).toEqual({ state: 'delivered' });
    expect(receiptOutcome({ messageId: 'x', stat: 'ACCEPTD', err: null })).toEqual({ state: 'sent' });
    expect(receiptOutcome({ messageId: 'x', stat: 'ENROUTE', err: null })).toEqual({ state: 'sent' });
    for (const stat of ['UNDELIV', 'EXPIRED', 'DELETED', 'REJECTD', 'UNKNOWN']) {
      expect(receiptOutcome({ messageId: 'x', stat, err: '001' })).toMatchObject({
        state: 'failed',
        errorCode: `SMPP_STAT_${stat}`,
        errorText: expect.stringContaining(`stat ${stat}, error 001`),
      });
    }
  });
});

describe('concatenation', () => {
  it('writes the 6-byte UDH and reads it back from a decoded PDU', () => {
    expect(concatenationUdh({ ref: 0x2a, total: 3, seq: 2 })).toEqual(Buffer.from([5, 0, 3, 0x2a, 3, 2]));
    const wire = new smpp.PDU('deliver_sm', {
      esm_class: 0x40,
      data_coding: 0,
      short_message: Buffer.concat([concatenationUdh({ ref: 7, total: 2, seq: 1 }), Buffer.from('abc')]),
    }).toBuffer();
    expect(readConcatenation(new smpp.PDU(wire))).toEqual({ ref: 7, total: 2, seq: 1 });
  });

  it('reads the 16-bit reference element and the sar TLVs', () => {
    const udh16 = new smpp.PDU('deliver_sm', {
      esm_class: 0x40,
      data_coding: 0,
      short_message: Buffer.from([6, 8, 4, 0x01, 0x02, 2, 2, 0x41]),
    }).toBuffer();
    expect(readConcatenation(new smpp.PDU(udh16))).toEqual({ ref: 0x0102, total: 2, seq: 2 });
    expect(readConcatenation({ sar_msg_ref_num: 9, sar_total_segments: 3, sar_segment_seqnum: 3 })).toEqual({
      ref: 9,
      total: 3,
      seq: 3,
    });
  });

  it('joins parts in order once all are in, whatever order they came in', () => {
    const assembler = new PartAssembler({ maxGroups: 10, maxAgeMs: 60_000 });
    expect(assembler.add('k', { ref: 1, total: 3, seq: 3 }, 'C')).toBeNull();
    expect(assembler.add('k', { ref: 1, total: 3, seq: 1 }, 'A')).toBeNull();
    expect(assembler.add('k', { ref: 1, total: 3, seq: 2 }, 'B')).toBe('ABC');
  });

  it('forgets groups that never complete', () => {
    const assembler = new PartAssembler({ maxGroups: 10, maxAgeMs: 1_000 });
    assembler.add('old', { ref: 1, total: 2, seq: 1 }, 'A', 0);
    assembler.add('new', { ref: 2, total: 2, seq: 1 }, 'B', 5_000);
    expect(assembler.pendingGroups).toBe(1);
  });
});

describe('submit_sm PDUs', () => {
  const settings = SmppSettingsSchema.parse({ host: 'h', port: 1, systemId: 's', password: 'p' });

  it('gives a retried message the same concatenation reference', () => {
    const message = { id: 'a2a1a0e4-0000-4000-8000-000000000001', to: '+491510000000', body: 'z'.repeat(200) };
    const first = buildSubmitPdus(settings, '+4915100000001', message);
    const retry = buildSubmitPdus(settings, '+4915100000001', message);
    expect(first).toEqual(retry);
    expect(first[0]).toMatchObject({ destination_addr: '491510000000', source_addr: '4915100000001', esm_class: 0x40 });
  });
});

describe('command status texts', () => {
  it('names the status with its hex value and meaning', () => {
    expect(describeStatus(0x0e)).toBe('ESME_RINVPASWD (0x0e): invalid password');
    expect(describeStatus(0x58)).toMatch(/^ESME_RTHROTTLED \(0x58\): /);
    expect(describeStatus(0x400)).toBe('vendor-specific status (0x400)');
  });
});
