/** Seeds of our own labelled set: the classifier's weights are chosen on the first only. */
export const TRAINING_SEED = 20_261_124;
/** The held-out part: never read while choosing weights or thresholds. */
export const HELD_OUT_SEED = 7_340_991;
