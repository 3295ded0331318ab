type Handler = (request: Request) => Promise<Response>;

/**
 * better-auth's rate limiter answers 429 with its wait in a header of its own (`X-Retry-After`,
 * seconds); clients and our web app read the standard `Retry-After`, which our own limits send.
 * Copies it over, leaving every other answer as it is.
 */
export function withRetryAfterHandler(handler: Handler): Handler {
  return async (request) => {
    const response = await handler(request);
    const seconds = response.headers.get('X-Retry-After');
    if (response.status !== 429 || response.headers.has('Retry-After') || !seconds) return response;
    const headers = new Headers(response.headers);
    headers.set('Retry-After', seconds);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/** The auth instance with its HTTP entry points (`handler`, and `fetch`, the same function) wrapped. */
export function withRetryAfter<A extends { handler: Handler }>(auth: A): A {
  const handler = withRetryAfterHandler(auth.handler);
  return { ...auth, handler, fetch: handler };
}
