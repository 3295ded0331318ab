// autocannon ships no type declarations; this covers the part of its programmatic API the benchmark uses.
declare module 'autocannon' {
  export type Options = {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Seconds a request may take before it counts as a timeout. */
    timeout?: number;
    title?: string;
    /**
     * Requests each connection sends in turn (looping); a `setupRequest` is called before every
     * send and may change the path, method, headers or body.
     */
    requests?: Request[];
  };

  export type RequestParams = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer };

  export type Request = Partial<RequestParams> & {
    /** Returns the request to send; a falsy result restarts the connection's sequence. */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams | null | undefined;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  };

  /** Latency figures are milliseconds; request figures are per one-second sample. */
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    p99_9: number;
    total?: number;
  };

  export type Result = {
    url: string;
    connections: number;
    /** Seconds actually elapsed. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram & { totalCount: number };
    requests: Histogram & { total: number; sent: number };
  };

  /** A thenable event emitter, not a real Promise: `await` it. */
  export type Instance = PromiseLike<Result> & { stop(): void };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
