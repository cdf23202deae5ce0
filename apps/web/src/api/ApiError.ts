/** A failed call: the HTTP status and the envelope's code and message (ARCHITECTURE §3). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly fieldErrors: readonly { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
