/**
 * The CRM (HubSpot) integration as the health screens see it: disabled without an access token
 * (what to set, in the CRM's own words); otherwise Test HubSpot is the CRM integration's own
 * connection test (src/server/crm/status.ts), one authorised read at HubSpot, timed.
 */
import { testConnection } from '../crm/status.ts';
import type { Deps } from '../http/context.ts';

export type CrmTestResult = {
  status: 'healthy' | 'error' | 'disabled' | 'warning';
  message: string;
  responseMs: number | null;
};

/** What the health screens say while the CRM sync is off. */
export function crmDisabledMessage(crm: Deps['crm']): string {
  return `HubSpot is not configured. ${crm.whatToSet ?? 'Set HUBSPOT_ACCESS_TOKEN on the server.'}`;
}

export async function testCrmConnection(deps: Pick<Deps, 'crm'>): Promise<CrmTestResult> {
  if (!deps.crm.enabled) return { status: 'disabled', message: crmDisabledMessage(deps.crm), responseMs: null };
  const result = await testConnection(deps.crm);
  return { status: result.passed ? 'healthy' : 'error', message: result.message, responseMs: result.timing };
}
