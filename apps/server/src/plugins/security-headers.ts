import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { CspSources } from '../modules/billing/providers/index.js';

const NONE: CspSources = { connect: [], frame: [], script: [], formAction: [] };

/**
 * CSP that the SPA works under, and HSTS / upgrade only when we are served over https. `payments`:
 * what the payment providers need (billing's cspFor: nothing for today's redirect flows).
 */
export const securityHeadersPlugin = fp<{ https: boolean; payments?: CspSources }>(async (app, options) => {
  const { https, payments = NONE } = options;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...payments.script],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...payments.connect],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        ...(payments.frame.length > 0 ? { frameSrc: ["'self'", ...payments.frame] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...payments.formAction],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
});
