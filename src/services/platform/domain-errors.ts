/** Domain errors thrown by services; the error middleware maps each to its status and `{ message }`. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Messages that belong under particular form fields. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A 400 whose message belongs under one form field. */
export const fieldError = (field: string, message: string) => new DomainError(400, message, {}, { [field]: message });

export const badRequest = (message: string) => new DomainError(400, message);
export const unauthorized = (message: string) => new DomainError(401, message);
export const forbidden = (message: string) => new DomainError(403, message);
export const notFound = (message: string) => new DomainError(404, message);
export const conflict = (message: string) => new DomainError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new DomainError(429, message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
