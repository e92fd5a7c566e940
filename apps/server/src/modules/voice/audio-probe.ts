import { VOICE_AUDIO_TYPES } from '@switchboard/contract';
import { parseStream } from 'music-metadata';
import type { Readable } from 'node:stream';

export type VoiceContentType = (typeof VOICE_AUDIO_TYPES)[number];

/** Content types clients and recorders send for the accepted formats, beside the standard names. */
const ALIASES: Record<string, VoiceContentType> = {
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/x-mpeg-3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-pn-wav': 'audio/wav',
  'audio/vorbis': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'application/ogg': 'audio/ogg',
};

/** The accepted type a declared Content-Type stands for (parameters such as `codecs` aside), or null. */
export function voiceContentTypeOf(declared: string | undefined): VoiceContentType | null {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if ((VOICE_AUDIO_TYPES as readonly string[]).includes(type)) return type as VoiceContentType;
  return ALIASES[type] ?? null;
}

/** music-metadata's container names of the accepted formats. */
const CONTAINERS: Record<string, VoiceContentType> = {
  MPEG: 'audio/mpeg',
  WAVE: 'audio/wav',
  Ogg: 'audio/ogg',
  'EBML/webm': 'audio/webm',
};

export interface AudioProbe {
  /** The format the bytes are, whatever was declared. */
  contentType: VoiceContentType;
  /** Seconds, when the file tells. */
  durationSeconds: number | null;
}

/**
 * Reads what audio the bytes really are (by content, not by the declared type) and how long it
 * lasts. Null when they are not audio of an accepted format: a text file named .mp3, an image, a
 * truncated header. The stream is destroyed afterwards (the parser may stop reading early).
 */
export async function probeAudio(source: Readable, sizeBytes: number): Promise<AudioProbe | null> {
  try {
    const { format } = await parseStream(source, { size: sizeBytes }, { duration: true, skipCovers: true });
    const contentType = format.container ? CONTAINERS[format.container] : undefined;
    if (!contentType) return null;
    const duration = format.duration;
    return {
      contentType,
      durationSeconds: duration !== undefined && Number.isFinite(duration) && duration >= 0 ? duration : null,
    };
  } catch {
    // Not a format the parser knows, or broken data: either way not an accepted recording.
    return null;
  } finally {
    source.destroy();
  }
}
