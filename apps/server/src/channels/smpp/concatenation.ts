import type smpp from 'smpp';

/** Where one part of a concatenated SMS belongs. */
export interface ConcatenationInfo {
  ref: number;
  total: number;
  /** 1-based. */
  seq: number;
}

/** The 6-byte user data header of one part: UDHL 05, IEI 00 (8-bit reference), IEDL 03, ref, total, seq. */
export function concatenationUdh({ ref, total, seq }: ConcatenationInfo): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, ref & 0xff, total, seq]);
}

/**
 * Reads the part information of a deliver_sm: the concatenation element of its UDH (8- or 16-bit
 * reference) or the sar_* optional parameters. Null for a whole message.
 */
export function readConcatenation(pdu: smpp.PduFields): ConcatenationInfo | null {
  const message = pdu.short_message;
  const elements = message && typeof message === 'object' && !Buffer.isBuffer(message) ? (message.udh ?? []) : [];
  for (const element of elements) {
    if (element[0] === 0x00 && element[1] === 0x03 && element.length >= 5) {
      return validPart({ ref: element[2]!, total: element[3]!, seq: element[4]! });
    }
    if (element[0] === 0x08 && element[1] === 0x04 && element.length >= 6) {
      return validPart({ ref: element.readUInt16BE(2), total: element[4]!, seq: element[5]! });
    }
  }
  if (pdu.sar_msg_ref_num !== undefined && pdu.sar_total_segments && pdu.sar_segment_seqnum) {
    return validPart({ ref: pdu.sar_msg_ref_num, total: pdu.sar_total_segments, seq: pdu.sar_segment_seqnum });
  }
  return null;
}

function validPart(info: ConcatenationInfo): ConcatenationInfo | null {
  if (info.total < 2 || info.seq < 1 || info.seq > info.total) return null;
  return info;
}

interface PartGroup {
  parts: Map<number, string>;
  total: number;
  startedAt: number;
}

/**
 * Collects the parts of concatenated inbound SMS until a message is whole. Parts stay until the
 * caller confirms the message was stored (`forget`), so a part the centre re-sends after a failed
 * hand-over completes the message again. Groups that never complete expire.
 */
export class PartAssembler {
  readonly #groups = new Map<string, PartGroup>();

  constructor(private readonly limits: { maxGroups: number; maxAgeMs: number }) {}

  /** Adds a part; returns the whole text once every part is in, null until then. */
  add(key: string, info: ConcatenationInfo, text: string, now = Date.now()): string | null {
    this.#expire(now);
    let group = this.#groups.get(key);
    if (!group || group.total !== info.total) {
      group = { parts: new Map(), total: info.total, startedAt: now };
      this.#groups.set(key, group);
    }
    group.parts.set(info.seq, text);
    if (group.parts.size < group.total) return null;
    let whole = '';
    for (let seq = 1; seq <= group.total; seq++) whole += group.parts.get(seq) ?? '';
    return whole;
  }

  forget(key: string): void {
    this.#groups.delete(key);
  }

  get pendingGroups(): number {
    return this.#groups.size;
  }

  #expire(now: number): void {
    // Map order is insertion order, so the oldest groups come first.
    for (const [key, group] of this.#groups) {
      if (now - group.startedAt <= this.limits.maxAgeMs && this.#groups.size < this.limits.maxGroups) break;
      this.#groups.delete(key);
    }
  }
}
