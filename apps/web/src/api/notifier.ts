import { pathOf } from '../router/paths.ts';

/**
 * How the request client talks to the user. The root component installs Ant Design's context-aware message and
 * modal here (so that they follow the theme and locale); tests install their own.
 */
export interface Notifier {
  error(text: string, durationSeconds?: number): void;
  /** The spec §8 dialog for a session revoked elsewhere. Resolves once the user has chosen. */
  confirmRelogin(): Promise<void>;
  /** Leave the console for the sign-in page (router navigation when a router exists). */
  toLogin(): void;
}

let current: Notifier = {
  error: (text) => console.error(text),
  confirmRelogin: async () => undefined,
  toLogin: () => window.location.assign(pathOf('login')),
};

export const notifier = (): Notifier => current;

export function installNotifier(next: Partial<Notifier>): void {
  current = { ...current, ...next };
}
