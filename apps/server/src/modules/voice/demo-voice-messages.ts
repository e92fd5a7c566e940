/**
 * Two voice messages for the Demo workspace, so the voice inbox of a fresh demo has something to
 * play. The audio is made here (a few seconds of soft tones as a WAV): the repository ships no
 * binary fixtures.
 */

const SAMPLE_RATE = 8000;

/** A mono 16-bit PCM WAV of the notes in turn (Hz, seconds), each faded in and out. */
export function toneWav(notes: Array<[frequency: number, seconds: number]>): Buffer {
  const samples: number[] = [];
  const fade = Math.round(SAMPLE_RATE * 0.02);
  for (const [frequency, seconds] of notes) {
    const length = Math.round(seconds * SAMPLE_RATE);
    for (let i = 0; i < length; i += 1) {
      const envelope = Math.min(1, i / fade, (length - i) / fade);
      const value = frequency === 0 ? 0 : Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE);
      samples.push(Math.round(6000 * envelope * value));
    }
  }
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => data.writeInt16LE(sample, i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export interface DemoVoiceMessage {
  caller: string;
  transcript: string | null;
  hoursAgo: number;
  listened: boolean;
  audio: () => Buffer;
}

export const DEMO_VOICE_MESSAGES: DemoVoiceMessage[] = [
  {
    caller: '+14155550123',
    transcript:
      'Hi, this is Maria from Bay Plumbing. I am calling about the invoice from last week. Please call me back.',
    hoursAgo: 2,
    listened: false,
    audio: () =>
      toneWav([
        [392, 0.45],
        [0, 0.1],
        [523.25, 0.45],
        [0, 0.1],
        [659.25, 0.6],
        [0, 0.3],
        [523.25, 0.45],
        [0, 0.1],
        [392, 0.8],
      ]),
  },
  {
    caller: '+442079460958',
    transcript: null,
    hoursAgo: 26,
    listened: true,
    audio: () =>
      toneWav([
        [440, 0.5],
        [0, 0.15],
        [440, 0.5],
        [0, 0.4],
        [349.23, 0.9],
      ]),
  },
];
