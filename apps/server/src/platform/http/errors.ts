import { Messages } from '@odp/contracts';

/** An error the client is meant to read: its message is Chinese and safe to show. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly result: unknown = null,
    /** The envelope's code when the spec gives this failure one of its own (it mirrors the status otherwise). */
    readonly code: number = status,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, result: unknown = null) => new AppError(400, message, result);
export const unauthorized = (message: string = Messages.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = Messages.forbidden) => new AppError(403, message);
export const notFound = (message: string = Messages.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(400, message);
