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

export async function toApiError(response: Response, fallback = 'Request failed'): Promise<ApiError> {
  let body: { message?: string; code?: string; details?: { path: string; message: string }[] } = {};
  try {
    body = await response.clone().json();
  } catch {
    // not JSON
  }
  return new ApiError(body.message || fallback, response.status, body.code, body.details);
}
