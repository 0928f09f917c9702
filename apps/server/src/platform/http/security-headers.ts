import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year, subdomains included: what a deployment that has committed to HTTPS can promise. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers, less the two that break a site served over plain HTTP: `upgrade-insecure-requests`
 * makes the browser fetch every script over https (a blank page on an intranet address) and HSTS
 * would lock a host name out of http for a year. Those two are added back per request when the
 * deployment declares HTTPS (`httpsOnly`) or the request came over HTTPS: directly, or as a trusted
 * proxy's `X-Forwarded-Proto` says (Fastify reads that header only when `trustProxy` is on).
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  opts: { httpsOnly: boolean; frameOrigins?: readonly string[] },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'self'"],
        // 功能导航's embedded applications (NAV_EMBED_ORIGINS); none configured, this site only.
        frameSrc: ["'self'", ...(opts.frameOrigins ?? [])],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!opts.httpsOnly && request.protocol !== 'https') return;
    reply.header('Strict-Transport-Security', HSTS);
    const csp = reply.getHeader('Content-Security-Policy');
    if (typeof csp === 'string') reply.header('Content-Security-Policy', `${csp};upgrade-insecure-requests`);
  });
}
