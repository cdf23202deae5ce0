/**
 * The log message of a rejection nobody handled (main.ts): a defect, never an expected failure. The test helpers
 * that start the server as a process look for it and fail the run that logs it.
 */
export const UNHANDLED_REJECTION_LINE = 'defect: unhandled rejection';
