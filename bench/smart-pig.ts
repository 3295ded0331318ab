/**
 * `npm run bench:smart-pig`: time of Smart Pig's engine (recommendations and the metric cards,
 * `analyseSmartPig`) for a saver with 100 accounts across 30 licences (issue 16 target: the route
 * under 50 ms, of which this is the pure part; the route adds its own database read), as median
 * and p99 over many iterations after a warm-up. Also times the what-if simulator once per
 * iteration. Pure core code: no server, no database.
 *
 * Overrides: BENCH_ITERATIONS (2000), BENCH_WARMUP (200).
 */
import os from 'node:os';
import type { AccountCategory } from '../src/core/accounts/account-type-category.ts';
import type { InstitutionRef } from '../src/core/protection/types.ts';
import { DEFAULT_PREFERENCES } from '../src/core/smart-pig/preferences.ts';
import { analyseSmartPig } from '../src/core/smart-pig/recommendations.ts';
import { simulateDeposit } from '../src/core/smart-pig/simulator.ts';
import type { SmartPigAccount } from '../src/core/smart-pig/types.ts';

const ACCOUNTS = 100;
const LICENCES = 30;
const TARGET_MS = 50;
const TODAY = '2026-11-22';
const iterations = Number(process.env.BENCH_ITERATIONS ?? 2_000);
const warmup = Number(process.env.BENCH_WARMUP ?? 200);

function institutionOf(firm: number, i: number): InstitutionRef {
  if (firm % 10 === 9) return { kind: 'bank-name', bankName: `Savings Bank ${firm}` };
  return {
    kind: 'frn',
    frn: String(100_000 + firm),
    legalName: `Bank ${firm} plc`,
    brandName: `Brand ${firm}-${i % 3}`,
  };
}

const KINDS: readonly AccountCategory[] = ['savings', 'savings', 'savings', 'isa', 'bond', 'current', 'other'];

/**
 * A deterministic, demanding mix: balances from £0 to £150,000 (a third of the licences end up
 * over the limit, so there is protection to plan), rates 0.50% to 5.49%, one in six joint, some
 * notice accounts, fixed terms, introductory rates and an active temporary high balance.
 */
function buildAccounts(): SmartPigAccount[] {
  return Array.from({ length: ACCOUNTS }, (_, i): SmartPigAccount => {
    const firm = (i * 7) % LICENCES;
    const institution = institutionOf(firm, i);
    const kind = KINDS[i % KINDS.length]!;
    return {
      input: {
        id: `account-${i}`,
        balancePence: ((i * 7_919) % 150_000) * 100 + (i % 100),
        institution,
        holders: i % 6 === 0 ? 2 : 1,
        category: 'deposit',
        ...(i % 37 === 5
          ? {
              temporaryHighBalance: {
                lifeEvent: 'home-sale' as const,
                qualifyingPence: 200_000_00,
                creditedDate: '2026-09-01',
              },
            }
          : {}),
      },
      name: `Account ${i}`,
      bankName: institution.kind === 'frn' ? institution.brandName! : institution.bankName,
      legalName: institution.kind === 'frn' ? institution.legalName : null,
      unknownReason: null,
      category: kind,
      interestRateBps: 50 + ((i * 37) % 500),
      noticeDays: i % 9 === 0 ? 30 : i % 23 === 0 ? null : 0,
      fixedTerm: kind === 'bond' ? { endsOn: i % 2 === 0 ? '2027-06-30' : '2028-12-31' } : null,
      hasIntroductoryRate: i % 11 === 0,
      introductoryRateEndsOn: i % 11 === 0 ? '2027-03-31' : null,
      rateAfterBps: i % 11 === 0 ? 100 : null,
      earnsCashInterest: true,
      brandKey: (institution.kind === 'frn' ? institution.brandName! : institution.bankName).toLowerCase(),
      // One bond in four lets more money in under a contributions term; the others take none while they run.
      depositRoomPence: kind === 'bond' ? (i % 4 === 0 ? 20_000_00 : 0) : null,
    };
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function main(): void {
  const accounts = buildAccounts();
  const preferences = { ...DEFAULT_PREFERENCES, avoidTeaserRates: false, maxNoticeDays: 30, maxFixedMonths: 24 };
  let sink = 0;
  for (let i = 0; i < warmup; i++) sink += analyseSmartPig(accounts, preferences, TODAY).recommendations.length;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const simulatorTimes: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const result = analyseSmartPig(accounts, preferences, TODAY);
    times.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    sink += result.recommendations.length + result.metrics.totalBalancePence;
    const simStart = performance.now();
    const simulated = simulateDeposit(
      accounts,
      { accountId: `account-${i % ACCOUNTS}`, amountPence: 10_000_00 },
      TODAY,
    );
    simulatorTimes.push(performance.now() - simStart);
    sink += simulated.ok ? simulated.interestChangePence : 0;
  }
  for (const list of [times, cpuTimes, simulatorTimes]) list.sort((a, b) => a - b);
  const sample = analyseSmartPig(accounts, preferences, TODAY);
  const byType = sample.recommendations.reduce<Record<string, number>>((counts, r) => {
    counts[r.type] = (counts[r.type] ?? 0) + 1;
    return counts;
  }, {});
  console.log(
    `Smart Pig engine: ${ACCOUNTS} accounts across ${LICENCES} licences; ${sample.recommendations.length} recommendations (${Object.entries(
      byType,
    )
      .map(([type, n]) => `${n} ${type}`)
      .join(', ')}), ${sample.metrics.projectedBreaches} projected breaches`,
  );
  console.log(`${iterations} iterations after ${warmup} warm-up, Node ${process.version}`);
  const p99 = percentile(times, 99);
  console.log(
    `recommendations + metrics: median ${percentile(times, 50).toFixed(3)} ms   p99 ${p99.toFixed(3)} ms   (target < ${TARGET_MS} ms: ${p99 < TARGET_MS ? 'met' : 'NOT met'})`,
  );
  console.log(
    `CPU time: median ${percentile(cpuTimes, 50).toFixed(3)} ms   p99 ${percentile(cpuTimes, 99).toFixed(3)} ms`,
  );
  console.log(
    `what-if simulator: median ${percentile(simulatorTimes, 50).toFixed(3)} ms   p99 ${percentile(simulatorTimes, 99).toFixed(3)} ms`,
  );
  console.log(`load average ${os.loadavg()[0]!.toFixed(2)} on ${os.availableParallelism()} cores`);
  if (sink < 0) console.log(sink);
}

main();
