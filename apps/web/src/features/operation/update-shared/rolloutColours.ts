import type { RolloutState } from '@solarops/contracts';

/** The tag colour of each rollout state, alike on the update screen and the rollout schedule. */
export const ROLLOUT_COLOURS: Record<RolloutState, string> = {
  awaitingApproval: 'gold',
  running: 'processing',
  paused: 'orange',
  stopped: 'red',
  cancelled: 'default',
  done: 'green',
};
