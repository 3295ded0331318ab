import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import type { Clock } from '../clock.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Logger } from '../logger.ts';
import { errorFields } from '../logger.ts';
import { type DigestDeps, sendDigests } from './digest.ts';
import { markTrialEndingMailsDue, sendTrialEndingMails, type TrialEndingDeps } from './trial-ending-mail.ts';

export const DIGEST_JOB = 'notifications:digest';

/** Hourly: the first run of each UK day sends it; later runs find nobody due (or retry a failure). */
export const DIGEST_EVERY_SECONDS = 60 * 60;

/** Registers the daily digest (one run per slot across all instances) and its schedule. */
export async function scheduleNotificationDigest(
  jobs: JobRunner,
  deps: DigestDeps & { clock: Clock; logger: Logger },
): Promise<void> {
  jobs.registerInSteps(DIGEST_JOB, async ({ step }) => {
    const now = deps.clock.now();
    const day = calendarDateInLondon(now);
    const run = await sendDigests(deps, day, {
      now,
      renew: () => step(async () => {}),
      onError: (err) => deps.logger.warn('notification digest failed', { day, ...errorFields(err) }),
    });
    if (run.sent > 0 || run.failed > 0) deps.logger.info('notification digests', { day, ...run });
  });
  await jobs.schedule(DIGEST_JOB, DIGEST_EVERY_SECONDS);
}

export const TRIAL_ENDING_JOB = 'notifications:trial-ending-mail';

/** Hourly: a trial reaching its last two London days gets its e-mail within the hour, once. */
export const TRIAL_ENDING_EVERY_SECONDS = 60 * 60;

export async function scheduleTrialEndingMail(
  jobs: JobRunner,
  deps: TrialEndingDeps & { clock: Clock; logger: Logger },
): Promise<void> {
  // In a step: the markers commit before the e-mails are queued.
  jobs.registerInSteps(TRIAL_ENDING_JOB, async ({ step }) => {
    const now = deps.clock.now();
    const due = await step((tx) => markTrialEndingMailsDue(tx, now));
    sendTrialEndingMails(deps, due);
    if (due.length > 0) deps.logger.info('trial-ending e-mails', { sent: due.length });
  });
  await jobs.schedule(TRIAL_ENDING_JOB, TRIAL_ENDING_EVERY_SECONDS);
}
