import { bearerDocs } from '../../http/bearerDocs.ts';
import { errorAnswers } from '../../http/routeSchemas.ts';

/** What the users route files share: their tag, their error answers and how they document a route. */

export const tags = ['users'];
export const errors = errorAnswers(400, 401, 403, 404, 409, 429);

/** A users route's documentation. */
export const signedInDoc = bearerDocs(tags, errors);
