import { z } from 'zod';
import { cardAddBody, cardExportQuery, cardListQuery, cardRow, cardUsageDay } from './cards.ts';
import { idSchema } from './common.ts';
import { emptyEnvelope, envelope, pageOf } from './envelope.ts';
import { endpoint } from './endpoints.ts';

/** The internet cards' calls (the `card` screen, and the renewal form's card picker). */
export const CARD_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/card/list', query: cardListQuery, response: pageOf(cardRow) }),
  /** The filtered list as an .xlsx workbook. */
  export: endpoint({ method: 'GET', path: '/card/export', query: cardExportQuery }),
  add: endpoint({ method: 'POST', path: '/card/add', body: cardAddBody, response: emptyEnvelope }),
  usage: endpoint({
    method: 'GET',
    path: '/card/:id/usage',
    params: z.object({ id: idSchema }),
    response: envelope(z.array(cardUsageDay)),
  }),
};
