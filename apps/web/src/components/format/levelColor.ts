/** The tag colour of each alarm level (1 notice, 2 warning, 3 fault), alike on every screen that shows one. */
export const LEVEL_COLOR: Record<number, string> = { 1: 'success', 2: 'warning', 3: 'error' };
