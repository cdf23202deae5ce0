import { bearerDocs } from '../../http/bearerDocs.ts';

/**
 * A station route's documentation (plants, follows, and the devices module's devices and collectors): its guard and
 * summary (and its config: an upload's, an audit entry).
 */
export const stationDoc = bearerDocs(['station']);
