import { errorAnswers } from '../../http/routeSchemas.ts';

/** What the users route files share: their tag and their error answers. */

export const tags = ['users'];
export const errors = errorAnswers(400, 401, 403, 404, 409, 429);
