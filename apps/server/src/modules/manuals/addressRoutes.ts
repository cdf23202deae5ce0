import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MANUAL_ADDRESS_PREFIX,
  MANUAL_LANGUAGES,
  deviceModelSchema,
  type ManualLanguage,
} from '@solarops/contracts';
import { fallbackPage, notFoundPage } from './addressPage.ts';
import { newestVersion } from './queries.ts';
import { sendManualFile } from './sendManualFile.ts';

const other = (lang: ManualLanguage): ManualLanguage => (lang === 'zh' ? 'en' : 'zh');

/**
 * The manuals' public addresses, outside /prod-api and without sign-in: what a manual's QR code holds. Always the
 * newest version; a manual only in the other language gets a notice page linking to it; an unknown model (or a
 * path that is not a model and a language) a 404 page. Registered at the root by `ROOT_MODULES`.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    `${MANUAL_ADDRESS_PREFIX}/:model/:language`,
    {
      schema: {
        tags: ['manuals'],
        summary:
          'The newest version of the manual of a device model in a language (`zh`, `en`), without sign-in; ' +
          'an HTML notice page linking to the other language when only that exists; a 404 page otherwise',
        params: z.object({ model: z.string().max(200), language: z.string().max(10) }),
      },
    },
    async (request, reply) => {
      const { model, language } = request.params;
      const lang = MANUAL_LANGUAGES.find((l) => l === language);
      const shownLang = lang ?? 'en';
      // Labels are scanned in a hurry: a stale or cached page would show an old version.
      reply.header('cache-control', 'no-cache');
      if (lang && deviceModelSchema.safeParse(model).success) {
        const exact = await newestVersion(db, model, lang);
        if (exact) {
          reply.header('content-language', lang);
          return sendManualFile(reply, config.filesDir, exact, 'inline');
        }
        const fallback = await newestVersion(db, model, other(lang));
        if (fallback) {
          const fileUrl = `${MANUAL_ADDRESS_PREFIX}/${encodeURIComponent(fallback.model)}/${other(lang)}`;
          return reply
            .header('content-language', lang)
            .type('text/html; charset=utf-8')
            .send(fallbackPage(lang, fileUrl, fallback));
        }
      }
      return reply
        .status(404)
        .header('content-language', shownLang)
        .type('text/html; charset=utf-8')
        .send(notFoundPage(shownLang, model));
    },
  );
};

export const manualAddressModule = fp(plugin, { name: 'manual-addresses', encapsulate: true });
