/** Defaults of the console (spec §3 "Settings", §9); the settings drawer overrides some per browser. */
export const DEFAULT_SETTINGS = {
  title: 'SolarOps',
  themeColor: '#009cff',
  showSettings: true,
  fixedHeader: true,
  sidebarLogo: true,
  tagsView: true,
} as const;

export const API_BASE = '/prod-api';
export const REQUEST_TIMEOUT_MS = 60_000;
/** Below this width the device counts as mobile (spec §9). */
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const SIDEBAR_COLLAPSED_WIDTH_PX = 54;
/** Empty answers and similar failures stay on screen this long (spec §8). */
export const EMPTY_RESPONSE_MESSAGE_SECONDS = 5;
/** Error codes that mean the session is gone for good (spec §8). */
export const RELOGIN_CODES: readonly number[] = [50008, 50012, 50014];

/** How often live figures are fetched again [ms] (the device link reports every 5 minutes). */
export const LIVE_REFRESH_MS = 30_000;
