/**
 * The CRM sync's wiring (docs/decisions/0063-crm-sync.md): on when HUBSPOT_ACCESS_TOKEN is set,
 * otherwise disabled everywhere (nothing is queued; the status says what to set).
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import type { AppDb } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { RetrySchedule } from '../../core/crm/retry.ts';
import { DEFAULT_RETRY } from '../../core/crm/retry.ts';
import type { RateWindow } from '../../core/crm/rate-window.ts';
import { createHubSpotApi, type HubSpotApi } from './client.ts';

export const CRM_WHAT_TO_SET =
  'Set HUBSPOT_ACCESS_TOKEN on the server (a HubSpot private app token with the crm.objects.contacts read and write, crm.schemas.contacts read and write and tickets scopes), then restart it.';

export type CrmSettings = {
  maxRetries: number;
  retry: RetrySchedule;
  rate: RateWindow;
  timeoutMs: number;
  syncUsersPauseMs: number;
  baseUrl: string;
};

export type Crm = {
  enabled: boolean;
  /** What the operator sets to turn the sync on; null when it is on. */
  whatToSet: string | null;
  settings: CrmSettings;
  db: AppDb;
  logger: Logger;
  /** Names this instance's claims on queue items. */
  workerId: string;
  /** The provider's API; null when disabled. */
  api: HubSpotApi | null;
};

type CrmConfig = Pick<
  Config,
  | 'HUBSPOT_ACCESS_TOKEN'
  | 'HUBSPOT_BASE_URL'
  | 'HUBSPOT_TIMEOUT_MS'
  | 'HUBSPOT_MAX_RETRIES'
  | 'HUBSPOT_RETRY_BASE_MS'
  | 'HUBSPOT_RATE_LIMIT'
  | 'HUBSPOT_RATE_WINDOW_MS'
  | 'HUBSPOT_SYNC_USERS_PAUSE_MS'
>;

export function crmSettings(config: CrmConfig): CrmSettings {
  return {
    maxRetries: config.HUBSPOT_MAX_RETRIES,
    retry: { baseMs: config.HUBSPOT_RETRY_BASE_MS, capMs: Math.max(config.HUBSPOT_RETRY_BASE_MS, DEFAULT_RETRY.capMs) },
    rate: { limit: config.HUBSPOT_RATE_LIMIT, windowMs: config.HUBSPOT_RATE_WINDOW_MS },
    timeoutMs: config.HUBSPOT_TIMEOUT_MS,
    syncUsersPauseMs: config.HUBSPOT_SYNC_USERS_PAUSE_MS,
    baseUrl: (config.HUBSPOT_BASE_URL ?? 'https://api.hubapi.com').replace(/\/$/, ''),
  };
}

export function createCrm(config: CrmConfig, db: AppDb, logger: Logger): Crm {
  const settings = crmSettings(config);
  const token = config.HUBSPOT_ACCESS_TOKEN;
  const log = logger.child({ component: 'crm' });
  return {
    enabled: Boolean(token),
    whatToSet: token ? null : CRM_WHAT_TO_SET,
    settings,
    db,
    logger: log,
    workerId: `${process.pid}-${randomUUID().slice(0, 8)}`,
    api: token
      ? createHubSpotApi(db, {
          token,
          baseUrl: config.HUBSPOT_BASE_URL,
          timeoutMs: settings.timeoutMs,
          rate: settings.rate,
        })
      : null,
  };
}
