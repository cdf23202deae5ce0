import { errorEnvelope } from '@solarops/contracts';

/**
 * The preamble every route module's schemas share: the bearer token they are called with and the error answers
 * they declare (all the one error envelope), so that a module split by resource states them once.
 */

/** A route called with the access token (`Authorization: bearer …`). */
export const bearer = [{ bearer: [] }];

/** A route the console calls with its own client credentials (HTTP Basic), before anyone is signed in. */
export const client = [{ client: [] }];

/** The error answers a route declares, each the one error envelope. */
export const errorAnswers = <Code extends number>(...codes: Code[]) =>
  Object.fromEntries(codes.map((code) => [code, errorEnvelope])) as Record<Code, typeof errorEnvelope>;
