import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { buildDeps } from './buildDeps.ts';
import type { Config } from './config.ts';
import type { Database } from './db/openDatabase.ts';
import { AppError } from './http/AppError.ts';
import './http/deps.ts';
import { registerCompression } from './http/compression.ts';
import { installErrorHandler } from './http/errorHandler.ts';
import { registerFiles } from './http/files.ts';
import { runGuardsFirst } from './http/guardsFirst.ts';
import { registerMultipart } from './http/multipartBody.ts';
import { refuseNul } from './http/refuseNul.ts';
import { requestLanguage } from './http/language.ts';
import { CONSOLE_BUILDING_RETRY_SECONDS, consoleBuildingPage } from './http/consoleBuildingPage.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { t } from './i18n/messages.ts';
import type { Mailer } from './mail/Mailer.ts';
import { MODULES, ROOT_MODULES } from './modules/index.ts';
import { metricsModule } from './modules/metrics/routes.ts';
import { SERVER_DIR } from './serverDir.ts';
import { API_PREFIX } from './http/apiPrefix.ts';
import { requestLogValue } from './http/requestLogValue.ts';

export { API_PREFIX };

/** The built console, served with SPA fallback when present. */
export const WEB_DIST_DIR = path.join(SERVER_DIR, '..', 'web', 'dist');

export interface BuildAppOptions {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** A pino logger (main.ts) or false/undefined for a quiet test app. */
  logger?: FastifyBaseLogger | boolean;
  /** Directory of the built console; defaults to apps/web/dist. */
  webDistDir?: string;
}

export type App = FastifyInstance;

/**
 * Builds the HTTP application: zod type provider, everything under /prod-api, the envelope error handler, the
 * OpenAPI document and docs UI at /prod-api/docs, the domain modules of `modules/index.ts`, and the console.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db, mailer } = options;
  // Every request's log line goes through requestLogValue: no display token or file signature in the log.
  const serializers = { req: requestLogValue };
  const app = Fastify({
    ...(typeof options.logger === 'object'
      ? { loggerInstance: options.logger.child({}, { serializers }) }
      : { logger: options.logger ? { serializers } : false }),
    trustProxy: config.trustProxy,
    // Bodies beyond this are refused with 413 (uploads are multipart and limited separately).
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await registerSecurityHeaders(app);
  app.addHook('onRoute', runGuardsFirst);

  const built = await buildDeps({ config, db, mailer, logger: app.log });
  app.decorate('deps', built.deps);
  app.addHook('onClose', () => built.close());
  app.decorateRequest('auth', undefined);

  await registerCompression(app);
  await app.register(formbody);
  await registerMultipart(app);
  app.addHook('preValidation', refuseNul);
  await app.register(rateLimit, {
    // Only routes that ask for it (sign-in, email codes) are limited; see their `config.rateLimit`.
    global: false,
    errorResponseBuilder: () => new AppError(429, 'tooManyRequests'),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SolarOps Console API',
        description:
          'Every answer is the envelope `{ code, msg, data }` (a page: `{ code, msg, total, rows }`). ' +
          'Authenticated calls send `Authorization: bearer <access_token>`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          client: { type: 'http', scheme: 'basic', description: 'The console client id and secret' },
          device: { type: 'http', scheme: 'basic', description: 'A collector serial and its device secret' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await registerFiles(app, config.filesDir, built.deps.signingKey);

  await app.register(
    async (api) => {
      for (const mod of MODULES) await api.register(mod);
    },
    { prefix: API_PREFIX },
  );
  // Outside the API prefix: scrapers ask for /metrics by convention.
  await app.register(metricsModule);
  for (const mod of ROOT_MODULES) await app.register(mod);

  const webDist = options.webDistDir ?? options.config.webDistDir ?? WEB_DIST_DIR;
  const consoleBuilt = () => fs.existsSync(`${webDist}/index.html`);
  // While `npm start` builds the console beside the server (WEB_BUILDING), its files appear after the server
  // listens: they are looked up per request (the default wildcard route), not listed once at registration.
  const hasConsole = options.config.webBuilding === true || consoleBuilt();
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // The build writes a .br and a .gz beside each text file (apps/web/precompress.ts): sent as the browser accepts.
      preCompressed: true,
      // The built chunks are named by their content: a browser keeps them without asking again on each visit. The
      // icon keeps its name across builds: a day, so that a page opened from outside does not ask for it again
      // each time, and a new one shows the next day at the latest.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (/^favicon\.(png|svg)$/.test(path.basename(filePath)))
          reply.header('cache-control', 'public, max-age=86400');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Any other GET (or HEAD, which answers like it) outside the API is a console route: the SPA's router decides
    // (it shows its own 404 page).
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (hasConsole && isRead && !request.url.startsWith(API_PREFIX)) {
      if (!consoleBuilt())
        return reply
          .status(503)
          .header('retry-after', String(CONSOLE_BUILDING_RETRY_SECONDS))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(consoleBuildingPage(requestLanguage(request)));
      // Not returned: a reply handed back to Fastify is awaited as a thenable, and each wait puts close listeners
      // on the response; with those of the static files' own lookup they passed Node's limit of 10, and every
      // console address opened from outside logged a MaxListenersExceededWarning.
      reply.type('text/html').sendFile('index.html', webDist);
      return;
    }
    return reply.status(404).send({ code: 404, msg: t(requestLanguage(request), 'notFound'), data: null });
  });

  return app;
}
