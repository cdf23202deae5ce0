import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The browser defences on every answer (console, API, files, event streams), set by helmet in an `onRequest` hook
 * registered before any route, so that an answer refused by a guard or the error handler carries them too.
 *
 * - Scripts only from the console's own origin: the built console has no inline script. Styles may be inline:
 *   under a theme colour other than the default, Ant Design writes that colour's CSS variables into `<style>`
 *   elements at run time (its rules, and the default colour's variables, come from the build's sheet), and
 *   components set `style` attributes; images may be `data:` and `blob:` URLs (icons, charts saved as pictures,
 *   previews of a chosen file).
 * - Cross-Origin-Opener-Policy `same-origin` (helmet's default): a page of another site that opened the console
 *   keeps no handle on it. Chromium gives such a page a process of its own on every navigation into it from
 *   elsewhere.
 * - `frame-ancestors 'none'` (and `X-Frame-Options: DENY` for older browsers): the console is never framed.
 * - No `upgrade-insecure-requests`: a console reached over plain HTTP on a local network would otherwise ask for
 *   every asset over HTTPS and fail. HTTPS is the proxy's business (docs/operations.md).
 * - `nosniff` everywhere and a referrer policy that sends no address to other sites.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Cross-origin isolation is not needed and would refuse nothing we load; leave it off rather than half on.
    crossOriginEmbedderPolicy: false,
  });
}
