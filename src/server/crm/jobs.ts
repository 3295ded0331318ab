import type { JobRunner } from '../jobs/runner.ts';
import type { Crm } from './crm.ts';
import { CRM_QUEUE_JOB } from './enqueue.ts';
import { runSyncUsers, SYNC_USERS_JOB } from './sync-users.ts';
import { processQueue } from './worker.ts';

/** A sweep for items whose retry came due (each new item also wakes a worker at once). */
export const CRM_QUEUE_EVERY_SECONDS = 30;

/** Registers the CRM queue's worker and the Sync Users job, and the sweep (only when the CRM is on). */
export async function scheduleCrmSync(jobs: JobRunner, crm: Crm): Promise<void> {
  jobs.registerInSteps(CRM_QUEUE_JOB, async () => {
    const result = await processQueue(crm);
    if (result.processed + result.failed > 0)
      crm.logger.info('crm queue processed', { processed: result.processed, failed: result.failed });
  });
  jobs.registerInSteps<{ runId: string }>(SYNC_USERS_JOB, ({ payload, step }) =>
    runSyncUsers(crm, payload.runId, step),
  );
  if (crm.enabled) await jobs.schedule(CRM_QUEUE_JOB, CRM_QUEUE_EVERY_SECONDS);
  else crm.logger.info('crm sync disabled', { whatToSet: 'HUBSPOT_ACCESS_TOKEN' });
}
