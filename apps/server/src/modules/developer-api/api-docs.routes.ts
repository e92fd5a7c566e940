import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Scalar's standalone browser bundle, from its npm package (no CDN): one self-contained script
 * (~1.4 MB gzip) that renders the reference and its "Test request" client. Its version is in the
 * URL, so the file may be cached for good and an upgrade is fetched again.
 */
const scalarDir = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), '..');
const SCALAR_VERSION = (JSON.parse(readFileSync(path.join(scalarDir, 'package.json'), 'utf8')) as { version: string })
  .version;
const SCALAR_BUNDLE = path.join(scalarDir, 'dist', 'browser', 'standalone.js');
export const SCALAR_SCRIPT_PATH = `/api/docs/scalar-${SCALAR_VERSION}.js`;
export const DOCS_INIT_SCRIPT_PATH = '/api/docs/init.js';

/**
 * Scalar's dimmed text and HTTP method colours read at about 3.2–3.9:1; these read at 4.5:1 or
 * more on its backgrounds (axe's colour-contrast rule, light and dark). And code that wraps.
 */
const CONTRAST_CSS = [
  '.light-mode{--scalar-color-3:#696969;--scalar-color-green:#00754a;--scalar-color-red:#c40000;',
  '--scalar-color-blue:#0060c7;--scalar-color-orange:#a85400;--scalar-color-yellow:#8a6d00;--scalar-color-purple:#7a3fc2}',
  '.dark-mode{--scalar-color-3:rgba(255,255,255,.62);--scalar-color-red:#ff6b6b}',
  // Code in the descriptions (the signature check) wraps instead of scrolling: a scrolling region
  // must be reachable by keyboard (axe's scrollable-region-focusable), and wrapped code reads well.
  'pre[class*="language-"],code[class*="language-"]{white-space:pre-wrap!important;overflow-wrap:anywhere;overflow-x:visible!important}',
].join('');

/**
 * Scalar's settings, as a script of our own (the CSP allows no inline script): the v1 document;
 * no fonts, telemetry, AI agent, MCP or developer toolbar from Scalar's servers; curl, browser
 * and Node.js fetch and Python requests offered first among the generated code samples; colours
 * that pass axe.
 */
const INIT_SCRIPT = `Scalar.createApiReference('#app', ${JSON.stringify({
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: false,
  documentDownloadType: 'json',
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  featuredClients: ['shell/curl', 'js/fetch', 'node/fetch', 'python/requests'],
  metaData: { title: 'Switchboard API reference' },
  customCss: CONTRAST_CSS,
})});\n`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Switchboard API reference</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <div id="app"></div>
    <script src="${SCALAR_SCRIPT_PATH}"></script>
    <script src="${DOCS_INIT_SCRIPT_PATH}"></script>
  </body>
</html>
`;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /api/docs: the interactive reference of the developer API (Scalar), served from this origin
 * under the app's CSP, reading GET /api/v1/openapi.json.
 */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/docs', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );
  app.get(DOCS_INIT_SCRIPT_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(INIT_SCRIPT),
  );
  app.get(SCALAR_SCRIPT_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('cache-control', IMMUTABLE)
      .type('text/javascript; charset=utf-8')
      .send(createReadStream(SCALAR_BUNDLE)),
  );
};
