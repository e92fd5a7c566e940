import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string) {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/socket.io') || url.startsWith('/hooks/');
}

/**
 * Serves the built SPA: hashed assets with long cache headers, and index.html (never cached) for
 * every other GET path outside /api, so history-mode routes load on refresh. Unknown API paths
 * get a JSON 404, never the page.
 */
export const webAppPlugin = fp<{ distDir: string | undefined }>(async (app: FastifyInstance, { distDir }) => {
  const hasWeb = Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir!),
      wildcard: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isAsset ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url);
    if (wantsPage && hasWeb) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    if (wantsPage) {
      return reply
        .status(503)
        .send({ error: 'The web app is not built yet: run `npm run build`.', code: 'UNAVAILABLE' });
    }
    return reply.status(404).send({ error: `No such API path: ${request.method} ${url}`, code: 'NOT_FOUND' });
  });
});
