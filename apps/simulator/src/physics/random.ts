/** The simulator's random numbers are the physics package's, so that the IV generator draws the same way. */
export { gaussian, hashInts, hashString, mulberry32, uniformAt, type Rng } from '@solarops/pv';
