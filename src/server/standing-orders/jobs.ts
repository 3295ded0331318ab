import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import type { Clock } from '../clock.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Logger } from '../logger.ts';
import { processAllAccounts } from './processing.ts';

export const STANDING_ORDERS_JOB = 'standing-orders:process';

/**
 * How often the automatic processing runs. A run adds only what is due and not yet paid, so a run
 * with nothing due changes nothing; running every hour rather than once a day means each day's
 * payments appear within an hour of midnight (UK time), whatever time of day the first app
 * instance started (the queue's schedules count from then).
 */
export const STANDING_ORDERS_EVERY_SECONDS = 60 * 60;

/**
 * Registers the automatic processing of every user's standing orders (one run per slot across all
 * instances), committed batch by batch. `batchSize` is for tests: the default is ACCOUNTS_PER_BATCH.
 */
export async function scheduleStandingOrderProcessing(
  jobs: JobRunner,
  { clock, logger, batchSize }: { clock: Clock; logger: Logger; batchSize?: number },
): Promise<void> {
  jobs.registerInSteps(STANDING_ORDERS_JOB, async ({ step }) => {
    const today = calendarDateInLondon(clock.now());
    const result = await processAllAccounts(step, { today, batchSize });
    if (result.processed > 0 || result.warnings.length > 0) {
      logger.info('standing orders processed', {
        today,
        accounts: result.accounts,
        payments: result.processed,
        capped: result.warnings.length,
      });
    }
  });
  await jobs.schedule(STANDING_ORDERS_JOB, STANDING_ORDERS_EVERY_SECONDS);
}
