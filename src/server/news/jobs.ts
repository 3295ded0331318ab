import type { Config } from '../config.ts';
import type { Clock } from '../clock.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Logger } from '../logger.ts';
import { DEFAULT_FEED_FETCH, type FeedFetchSettings } from './fetch-feed.ts';
import { refreshFeeds } from './refresh.ts';

export const NEWS_REFRESH_JOB = 'news:refresh';

/** Every half hour; a conditional GET makes an unchanged feed cheap for both sides. */
export const NEWS_REFRESH_EVERY_SECONDS = 30 * 60;

type NewsConfig = Pick<Config, 'NEWS_FEEDS_ALLOW_PRIVATE' | 'NEWS_FEEDS_TIMEOUT_MS'>;

export function feedFetchSettings(config: NewsConfig): FeedFetchSettings {
  return {
    ...DEFAULT_FEED_FETCH,
    allowPrivate: config.NEWS_FEEDS_ALLOW_PRIVATE,
    timeoutMs: config.NEWS_FEEDS_TIMEOUT_MS,
  };
}

/** Registers the feed refresh (one run per slot across all instances, each feed in a step) and its schedule. */
export async function scheduleNewsRefresh(
  jobs: JobRunner,
  deps: { config: NewsConfig; clock: Clock; logger: Logger },
): Promise<void> {
  jobs.registerInSteps(NEWS_REFRESH_JOB, async ({ step }) => {
    const outcomes = await refreshFeeds(step, feedFetchSettings(deps.config), deps.clock);
    const failed = [...outcomes.values()].filter((o) => o.status === 'failed').length;
    if (outcomes.size > 0) deps.logger.info('news feeds refreshed', { feeds: outcomes.size, failed });
  });
  await jobs.schedule(NEWS_REFRESH_JOB, NEWS_REFRESH_EVERY_SECONDS);
}
