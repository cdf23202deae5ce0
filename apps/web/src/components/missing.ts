import { ApiError } from '../api/ApiError.ts';

/**
 * true when the server said the thing asked for does not exist or is not the caller's to see (404, 403): asking
 * again cannot help, so the screen offers a way back instead of a retry.
 */
export const isMissing = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

/** The way out of a screen whose subject is missing: what to say and where to go back to. */
export interface MissingAction {
  /** The sentence under the title, e.g. "this plant does not exist or is not yours". */
  text: string;
  backLabel: string;
  onBack(): void;
}
