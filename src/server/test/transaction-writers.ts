/**
 * Writers that add transactions over HTTP back to back, keeping what their clients would know:
 * which writes the server acknowledged (201) and how every other answer looked. The tests and the
 * PostgreSQL restart soak compare the acknowledged writes with the rows in the database.
 */
export type WriterTarget = {
  base: string;
  cookie: string;
  accountId: string;
  /** What the server takes as a browser's Origin when it differs from `base` (localhost for 127.0.0.1). */
  origin?: string;
};

export type WriterTally = {
  /** Answers by kind: '201', '503 with Retry-After', and the failures' kinds. */
  outcomes: Map<string, number>;
  /** Anything but a 201 or a 503 with Retry-After: a 500, another status, a dropped connection. */
  failures: number;
  failureSamples: string[];
  /** Notes of every acknowledged write, by account. */
  acknowledged: Map<string, Set<string>>;
  lastAcknowledgedAt: number;
};

export type Writers = {
  tally: WriterTally;
  /** Requests sent and not yet answered. */
  inFlight(): number;
  acknowledgedCount(): number;
  stop(): Promise<void>;
};

export const ACKNOWLEDGED = '201';
export const UNAVAILABLE = '503 with Retry-After';
const SAMPLES_KEPT = 20;
const REQUEST_TIMEOUT_MS = 20_000;

/** Counts answers by kind into `tally`; a failure also keeps a sample of what it was. */
export function outcomeCounter(tally: Pick<WriterTally, 'outcomes' | 'failures' | 'failureSamples'>) {
  const count = (outcome: string) => tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
  const fail = (outcome: string, detail: string) => {
    count(outcome);
    tally.failures++;
    if (tally.failureSamples.length < SAMPLES_KEPT) tally.failureSamples.push(detail);
  };
  return { count, fail };
}

/** What a failed fetch says, its cause included (a reset connection names itself there). */
export function fetchErrorText(err: unknown): string {
  return err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : String(err);
}

/**
 * One loop per target. Each write is a deposit whose notes name it (`w<writer>-<n>`), so a row
 * in the database says which write it was. After a 503 or a failure a writer pauses
 * `pauseAfterRefusalMs` (shorter than Retry-After: the point is to keep requests arriving while
 * the database is away).
 */
export function startWriters(targets: WriterTarget[], options: { pauseAfterRefusalMs?: number } = {}): Writers {
  const pauseMs = options.pauseAfterRefusalMs ?? 50;
  const tally: WriterTally = {
    outcomes: new Map(),
    failures: 0,
    failureSamples: [],
    acknowledged: new Map(),
    lastAcknowledgedAt: 0,
  };
  for (const t of targets) tally.acknowledged.set(t.accountId, tally.acknowledged.get(t.accountId) ?? new Set());
  let stopped = false;
  let inFlight = 0;
  let acknowledgedCount = 0;

  const { count, fail } = outcomeCounter(tally);

  const write = async (writer: number, target: WriterTarget, n: number): Promise<'ok' | 'pause'> => {
    const notes = `w${writer}-${n}`;
    inFlight++;
    try {
      const res = await fetch(`${target.base}/api/accounts/${target.accountId}/transactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: target.origin ?? target.base, cookie: target.cookie },
        body: JSON.stringify({ transactions: [{ type: 'deposit', amountPence: n, date: '2026-01-15', notes }] }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await res.text();
      if (res.status === 201) {
        count(ACKNOWLEDGED);
        tally.acknowledged.get(target.accountId)!.add(notes);
        tally.lastAcknowledgedAt = Date.now();
        acknowledgedCount++;
        return 'ok';
      }
      if (res.status === 503 && res.headers.get('retry-after')) {
        count(UNAVAILABLE);
        return 'pause';
      }
      fail(
        res.status === 503 ? '503 without Retry-After' : String(res.status),
        `${notes}: ${res.status} ${body.slice(0, 200)}`,
      );
      return 'pause';
    } catch (err) {
      fail('connection error', `${notes}: ${fetchErrorText(err)}`);
      return 'pause';
    } finally {
      inFlight--;
    }
  };

  const loops = targets.map(async (target, writer) => {
    for (let n = 1; !stopped; n++) {
      if ((await write(writer, target, n)) === 'pause') await new Promise((r) => setTimeout(r, pauseMs));
    }
  });

  return {
    tally,
    inFlight: () => inFlight,
    acknowledgedCount: () => acknowledgedCount,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

export type AccountCheck = {
  accountId: string;
  rows: number;
  balancePence: number;
  sumPence: number;
  missing: string[];
};

/**
 * Per account: the acknowledged writes missing from the database, and the balance against the sum
 * of its transactions. `query` runs SQL on the app's database (any role that can read the tables).
 */
export async function checkAcknowledgedWrites(
  query: (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>,
  tally: WriterTally,
): Promise<AccountCheck[]> {
  const checks: AccountCheck[] = [];
  for (const [accountId, acknowledged] of tally.acknowledged) {
    const { rows } = await query('select notes from transactions where account_id = $1', [accountId]);
    const stored = new Set(rows.map((r) => String(r.notes)));
    const { rows: sums } = await query(
      `select a.balance_pence::text as balance, coalesce(sum(t.amount_pence), 0)::text as sum
       from accounts a left join transactions t on t.account_id = a.id where a.id = $1 group by a.id`,
      [accountId],
    );
    checks.push({
      accountId,
      rows: rows.length,
      balancePence: Number(sums[0]?.balance),
      sumPence: Number(sums[0]?.sum),
      missing: [...acknowledged].filter((notes) => !stored.has(notes)),
    });
  }
  return checks;
}
