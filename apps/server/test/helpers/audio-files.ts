/**
 * Real audio made on the spot (no fixtures to download): a PCM WAV of a sine tone, and an MP3 of
 * silent MPEG-1 Layer III frames, which every decoder plays and music-metadata measures.
 */

/** A mono 16-bit PCM WAV: the 44-byte RIFF header, then a 440 Hz tone. */
export function wavFile(seconds: number, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** One MPEG-1 Layer III frame: 128 kbit/s, 44.1 kHz, no padding = 417 bytes, 1152 samples. */
const MP3_FRAME_BYTES = 417;
export const MP3_FRAME_SECONDS = 1152 / 44_100;

/** An MP3 of `frames` silent frames (about 26 ms each). */
export function mp3File(frames: number): Buffer {
  const frame = Buffer.alloc(MP3_FRAME_BYTES);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** A multipart/form-data body as a browser or curl would send it, ready for `app.inject`. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { content: Buffer; type: string; name?: string; field?: string },
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    form.append(file.field ?? 'file', new Blob([file.content], { type: file.type }), file.name ?? 'recording');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
