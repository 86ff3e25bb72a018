import type { ApiErrorBody } from '@oj/contracts';
/** An API failure with the server's message (or a fallback), status, code and field details. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * For a failure shown away from any field (a list under its filters): a VALIDATION_ERROR's field messages say
 * what to change ('problemId must not be greater than 2147483647'), where its summary only says that it failed.
 */
export function detailedErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'VALIDATION_ERROR' && error.details?.length)
    return error.details.map((d) => d.message).join(' ');
  return errorMessage(error, fallback);
}

/** What a failed call may carry: the API's error body, or anything a proxy answered instead. */
type ErrorBody = Partial<ApiErrorBody>;

/** An ApiError from a parsed error body (the server's {message, code, details}), or the fallback message. */
export function apiErrorFrom(status: number, body: unknown, fallback = 'Request failed'): ApiError {
  const b: ErrorBody = body && typeof body === 'object' ? (body as ErrorBody) : {};
  return new ApiError(b.message || fallback, status, b.code, b.details);
}

export async function toApiError(response: Response, fallback = 'Request failed'): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    // not JSON
  }
  return apiErrorFrom(response.status, body, fallback);
}

/**
 * A failed save's VALIDATION_ERROR details at their form fields (a path `problems.0.points` belongs to `problems`),
 * the first message of each; the rest, or any other failure, as one general message.
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
): { fields: Partial<Record<F, string>>; general: string } {
  if (!(error instanceof ApiError)) return { fields: {}, general: fallback };
  const found: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const d of error.details ?? []) {
    const field = fields.find((f) => d.path === f || d.path.startsWith(`${f}.`));
    if (field && !found[field]) found[field] = d.message;
    else rest.push(d.message);
  }
  return { fields: found, general: error.code === 'VALIDATION_ERROR' ? rest.join(' ') : error.message || fallback };
}
