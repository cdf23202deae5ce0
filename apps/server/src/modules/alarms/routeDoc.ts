import { bearerDocs } from '../../http/bearerDocs.ts';

/** An alarm route's documentation: its guard and summary (and its config: an audit entry). */
export const alarmDoc = bearerDocs(['alarms']);
