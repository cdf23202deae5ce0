import type { z } from 'zod';
import {
  COMMAND_LIMITS,
  isRouteName,
  scheduleProblem,
  type createDispatchBody,
  type createSettingsBody,
  type debugReadBody,
  type debugWriteBody,
  type readSettingsBody,
  type restartBody,
} from '@solarops/contracts';
import { badRequest } from '../../http/AppError.ts';
import type { Lang } from '../../i18n/messages.ts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { hasPermission } from '../auth/guards.ts';
import {
  dispatchParamsFor,
  readParamsFor,
  scheduleMessage,
  settingParamsFor,
  type CommandRequest,
} from './createCommands.ts';

/** What a create call asks of `createCommands`, besides who asks and in which language. */
export type AskedCommands = Omit<CommandRequest, 'caller' | 'lang'>;

/** Who asks, in which language. */
export interface Asker {
  caller: AuthContext;
  lang: Lang;
}

/**
 * From a create call's body to the commands it asks for: one entry per create route, so that a route only guards,
 * declares its schema and hands the body over. What tells the calls apart (the kind, the screen, the devices, the
 * typed confirmation, the time-to-live, what a batch keeps, each device's params) is read here, in one table.
 */
export const commandRequests = {
  /** `POST /commands/settings`: one device or several (a batch, possibly of mixed models from setUpList). */
  settings: (b: z.infer<typeof createSettingsBody>, { caller }: Asker): AskedCommands => ({
    kind: b.serials.length > 1 ? 'batchMember' : 'setting',
    route: b.route,
    serials: b.serials,
    confirm: b.confirm,
    ttlS: b.ttlS,
    batchParams: { values: b.values },
    paramsFor: settingParamsFor(b.route, b.values, (screen) =>
      isRouteName(screen) ? hasPermission(caller, screen) : false,
    ),
  }),

  /** `POST /commands/read`. */
  read: (b: z.infer<typeof readSettingsBody>): AskedCommands => ({
    kind: 'readSettings',
    route: b.route,
    serials: [b.serial],
    // A read changes nothing on the device: no typed confirmation.
    confirm: b.serial,
    ttlS: b.ttlS ?? 60,
    batchParams: null,
    paramsFor: readParamsFor(b.points),
  }),

  /** `POST /commands/dispatch`. */
  dispatch: (b: z.infer<typeof createDispatchBody>, { lang }: Asker): AskedCommands => {
    // Problems of the schedule itself are the same for every device: refused as a whole, naming the slots.
    const problem = scheduleProblem(b.schedule, COMMAND_LIMITS.maxDispatchSlots);
    if (problem) {
      const m = scheduleMessage(lang, problem);
      throw badRequest(m.key, m.params);
    }
    return {
      kind: 'dispatch',
      route: 'dispatch',
      serials: b.serials,
      confirm: b.confirm,
      ttlS: b.ttlS,
      batchParams: { schedule: b.schedule },
      paramsFor: dispatchParamsFor(b.schedule, lang),
    };
  },

  /** `POST /commands/debug/read`: a read, so no typed confirmation. */
  debugRead: ({ route, serial, ttlS, ...params }: z.infer<typeof debugReadBody>): AskedCommands => ({
    kind: 'debugRead',
    route,
    serials: [serial],
    confirm: serial,
    ttlS: ttlS ?? 60,
    batchParams: null,
    paramsFor: () => ({ params }),
  }),

  /** `POST /commands/debug/write`. */
  debugWrite: ({
    route,
    serial,
    ttlS,
    confirm,
    ...params
  }: z.infer<typeof debugWriteBody>): AskedCommands => ({
    kind: 'debugWrite',
    route,
    serials: [serial],
    confirm,
    ttlS,
    batchParams: null,
    paramsFor: () => ({ params }),
  }),

  /** `POST /commands/restart`. */
  restart: (b: z.infer<typeof restartBody>): AskedCommands => ({
    kind: 'restart',
    route: b.route,
    serials: [b.serial],
    confirm: b.confirm,
    ttlS: b.ttlS,
    batchParams: null,
    paramsFor: () => ({ params: {} }),
  }),
};
