export interface FuzzRequest {
  method: string;
  /** Path with query string, already encoded. */
  url: string;
  token?: string;
  /** A raw body with its content type, or form data. */
  body?: { raw: string; contentType: string } | FormData;
}

export interface FuzzResponse {
  status: number;
  message?: string;
  ms: number;
}

/**
 * Sends one request to the API under test and reads the whole answer (only the status line of an event
 * stream, which never ends), timing it from sending to the last byte.
 */
export async function send(baseUrl: string, req: FuzzRequest): Promise<FuzzResponse> {
  const headers: Record<string, string> = {};
  if (req.token) headers.Authorization = `Bearer ${req.token}`;
  let body: string | FormData | undefined;
  if (req.body instanceof FormData) body = req.body;
  else if (req.body) {
    headers['Content-Type'] = req.body.contentType;
    body = req.body.raw;
  }
  const started = performance.now();
  const res = await fetch(baseUrl + req.url, { method: req.method, headers, body });
  let message: string | undefined;
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
  else {
    const text = await res.text();
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      message = text.slice(0, 200);
    }
  }
  return { status: res.status, message, ms: performance.now() - started };
}
