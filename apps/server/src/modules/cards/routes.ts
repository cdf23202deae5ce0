import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CARD_ENDPOINTS as CARDS, errorEnvelope, ROLE } from '@solarops/contracts';
import { conflict, fieldError, notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { listExport, pagedList } from '../../http/listRoutes.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { callerOf, requirePermission, requireRole } from '../auth/guards.ts';
import { cardWorkbook } from './cardWorkbook.ts';
import { addCard, cardsInScope, cardUsage, listCards } from './queries.ts';

const tags = ['cards'];
const errors = errorAnswers(400, 401, 403, 404);
/** Most rows one card export holds. */
const EXPORT_MAX_ROWS = 10_000;
/** Days of usage a card's chart shows (the carriers keep about 6 months). */
const USAGE_DAYS = 183;

/**
 * The `card` screen: the collectors' internet cards with their plan and traffic (issue 19). Every route is declared
 * from its entry in the contracts' endpoint map (`CARD_ENDPOINTS`), which the console calls through.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  pagedList(
    app,
    CARDS.list,
    {
      // The renewal form picks its cards from the same list.
      preHandler: requirePermission('card', 'renew'),
      tags,
      security: bearer,
      summary: 'Internet cards in the caller scope, filtered, soonest expiry first',
      errors,
    },
    (request, window) => listCards(db, callerOf(request), request.query, window),
  );

  listExport(
    app,
    CARDS.export,
    {
      preHandler: requirePermission('card'),
      config: { audit: 'card export' },
      tags,
      security: bearer,
      summary: `The card list as an .xlsx workbook, filtered as the list is (at most ${EXPORT_MAX_ROWS} rows)`,
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'cards.xlsx',
      workbook: cardWorkbook,
    },
    (request, window) => listCards(db, callerOf(request), request.query, window),
  );

  endpointRoute(
    app,
    CARDS.add,
    {
      // Cards arrive from the carrier's delivery: staff put them in stock or into their collector.
      preHandler: requireRole(ROLE.admin, ROLE.staff),
      tags,
      security: bearer,
      summary: 'Add a card (ICCID with its Luhn check digit), in stock or in a collector',
      errors: { ...errors, 409: errorEnvelope },
    },
    async (request) => {
      request.auditTarget = request.body.iccid;
      const outcome = await addCard(db, request.body);
      if (outcome === 'noCollector') throw fieldError('collectorSerial', 'notFound');
      if (outcome === 'taken') throw conflict('cards.taken');
      return ok(null);
    },
  );

  endpointRoute(
    app,
    CARDS.usage,
    {
      preHandler: requirePermission('card'),
      tags,
      security: bearer,
      summary: `A card's traffic per day over the last ${USAGE_DAYS} days`,
      errors,
    },
    async (request) => {
      const [card] = await cardsInScope(db, callerOf(request), [request.params.id]);
      if (!card) throw notFound();
      return ok(await cardUsage(db, card.id, USAGE_DAYS));
    },
  );
};

export const cardsModule = fp(plugin, { name: 'cards', dependencies: ['audit', 'auth'], encapsulate: true });
