/**
 * The CRM (HubSpot) integration as the health screens see it: disabled without an access token;
 * otherwise Test HubSpot is the CRM integration's own connection test (src/server/crm/).
 */
import type { Config } from '../config.ts';
import type { Deps } from '../http/context.ts';

export type CrmTestResult = {
  status: 'healthy' | 'error' | 'disabled' | 'warning';
  message: string;
  responseMs: number | null;
};

export const CRM_DISABLED_MESSAGE = 'HubSpot is not configured: set HUBSPOT_ACCESS_TOKEN to turn the CRM sync on';

/** Whether a HubSpot access token is configured (the CRM integration's own setting). */
export function crmConfigured(config: Config): boolean {
  return 'HUBSPOT_ACCESS_TOKEN' in config && Boolean(config.HUBSPOT_ACCESS_TOKEN);
}

export async function testCrmConnection(deps: Pick<Deps, 'config'>): Promise<CrmTestResult> {
  if (!crmConfigured(deps.config)) return { status: 'disabled', message: CRM_DISABLED_MESSAGE, responseMs: null };
  return {
    status: 'warning',
    message: 'HubSpot is configured, but this server has no connection test for it yet',
    responseMs: null,
  };
}
