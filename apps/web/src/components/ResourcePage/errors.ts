/**
 * The request client shows every failed call itself and rejects with its `ApiError`. These helpers
 * read that error structurally, so the component stays free of the client (and of the session
 * module behind it) and can be tested on its own.
 */
export const isApiError = (error: unknown): error is Error => error instanceof Error && error.name === 'ApiError';

/** The input field a 400 answer blamed (`ApiError.field`), if any. */
export function blamedField(error: unknown): string | undefined {
  const field = isApiError(error) ? (error as { field?: unknown }).field : undefined;
  return typeof field === 'string' ? field : undefined;
}

/** What to tell the user about a failure the client has not reported (a bug, a mapping error). */
export const unreportedMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : '操作失败，请稍后再试';
