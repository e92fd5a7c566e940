import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { multipartBody } from './audio-files.js';

/** A 1×1 PNG: an image by its bytes. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** PUTs one image part (`field`) to `url` as multipart, with the caller's headers. */
export async function putImage(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  file: { content: Buffer; type: string; field: string },
) {
  const body = await multipartBody({}, { ...file, name: 'image' });
  return app.inject({ method: 'PUT', url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

/** The token of the e-mail change link in a mail (quoted-printable soft breaks undone). */
export function verifyTokenOf(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = /\/pages\/verify-email\?token=([A-Za-z0-9_%.~-]+)/.exec(text);
  if (!match) throw new Error(`no verification link in the mail:\n${raw}`);
  return decodeURIComponent(match[1]!);
}

/** Every file (not folder) under `dir`, relative; none when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}
