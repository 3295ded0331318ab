import autocannon, { type Request, type Result } from 'autocannon';
import { cpuShare, cpuSnapshot, type CpuShare } from './cpu.ts';

export type EndpointId =
  | 'health'
  | 'healthDb'
  | 'me'
  | 'bankSearch'
  | 'accountDetail'
  | 'accountsList'
  | 'balanceSeries'
  | 'totalBalanceSeries'
  | 'smartPig'
  | 'protectionHub'
  | 'dashboard';

export type Endpoint = {
  id: EndpointId;
  label: string;
  path: string;
  /**
   * A mix of paths sent in turn instead of `path` alone (round robin over all connections, so
   * every run sends them in the same proportions), e.g. the search texts a picker sends.
   */
  mix?: readonly string[];
  /** What the request costs the server, for the report. */
  work: string;
  headers: Record<string, string>;
};

export type RunResult = {
  reqPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  /** Responses with any status but 200 (every benchmarked endpoint answers 200 when it works). */
  non200: number;
  errors: number;
  timeouts: number;
  cpu: CpuShare;
};

/** The server under load: where to send requests, and whose CPU time to count. */
export type Target = { baseUrl: string; pid: number };

export type EndpointResult = {
  endpoint: Omit<Endpoint, 'headers'>;
  /** Median of each figure over the measured runs (independently: the runs' p99s are noisier than their req/s). */
  median: Pick<RunResult, 'reqPerSec' | 'p50Ms' | 'p90Ms' | 'p99Ms'> & { cpu: CpuShare };
  runs: RunResult[];
  /** Failed responses over all measured runs; any of them makes the figures meaningless. */
  failures: number;
};

export function endpoints(sessionCookie: string): Endpoint[] {
  return [
    { id: 'health', label: 'GET /api/health', path: '/api/health', work: 'no database', headers: {} },
    {
      id: 'healthDb',
      label: 'GET /api/health/db',
      path: '/api/health/db',
      work: 'one database round trip',
      headers: {},
    },
    {
      id: 'me',
      label: 'GET /api/me',
      path: '/api/me',
      work: 'session lookup + row-level-security transaction',
      headers: { cookie: sessionCookie },
    },
  ];
}

/**
 * One request first (one per path of a mix): load on a 401 or a 500 would be fast and worthless.
 * Returns the response bodies, in the order of the paths.
 */
export async function checkEndpoint(baseUrl: string, endpoint: Endpoint): Promise<string[]> {
  const bodies: string[] = [];
  for (const path of pathsOf(endpoint)) {
    const res = await fetch(`${baseUrl}${path}`, { headers: endpoint.headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${endpoint.label} answered ${res.status} to ${path}: ${body}`);
    bodies.push(body);
  }
  return bodies;
}

export function pathsOf(endpoint: Endpoint): readonly string[] {
  return endpoint.mix ?? [endpoint.path];
}

/** One request entry whose path moves on through the mix on every send, whichever connection sends it. */
function roundRobin(mix: readonly string[]): Request {
  let next = 0;
  return {
    setupRequest: (request) => {
      const path = mix[next]!;
      next = (next + 1) % mix.length;
      return { ...request, path };
    },
  };
}

export async function load(
  target: Target,
  endpoint: Endpoint,
  durationS: number,
  connections: number,
): Promise<RunResult> {
  const before = cpuSnapshot(target.pid);
  const result = await autocannon({
    url: `${target.baseUrl}${endpoint.path}`,
    headers: endpoint.headers,
    connections,
    duration: durationS,
    title: endpoint.label,
    ...(endpoint.mix ? { requests: [roundRobin(endpoint.mix)] } : {}),
  });
  return runResultOf(result, cpuShare(before, cpuSnapshot(target.pid)));
}

/** One run's figures from autocannon's result; a response with a status not in `ok` is a failure. */
export function runResultOf(result: Result, cpu: CpuShare, ok: readonly number[] = [200]): RunResult {
  return {
    reqPerSec: Math.round(result.requests.total / result.duration),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non200: Object.entries(result.statusCodeStats).reduce(
      (n, [status, { count }]) => (ok.includes(Number(status)) ? n : n + count),
      0,
    ),
    errors: result.errors,
    timeouts: result.timeouts,
    cpu,
  };
}

export function summarise(endpoint: Endpoint, runs: RunResult[]): EndpointResult {
  const { headers: _headers, ...described } = endpoint;
  const pick = (key: 'reqPerSec' | 'p50Ms' | 'p90Ms' | 'p99Ms') => median(runs.map((r) => r[key]));
  const cpu = (key: keyof CpuShare) => median(runs.map((r) => r.cpu[key]));
  return {
    endpoint: described,
    median: {
      reqPerSec: pick('reqPerSec'),
      p50Ms: pick('p50Ms'),
      p90Ms: pick('p90Ms'),
      p99Ms: pick('p99Ms'),
      cpu: {
        server: cpu('server'),
        postgres: cpu('postgres'),
        loadGenerator: cpu('loadGenerator'),
        other: cpu('other'),
        idle: cpu('idle'),
      },
    },
    runs,
    failures: runs.reduce((n, r) => n + r.non200 + r.errors + r.timeouts, 0),
  };
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
