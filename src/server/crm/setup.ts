/** hubspot-setup-properties: the property group and the custom properties the sync writes (safe to run again). */
import { CUSTOM_PROPERTIES, PROPERTY_GROUP } from '../../core/crm/contact-properties.ts';
import { describeFailure } from './client.ts';
import type { Crm } from './crm.ts';

export type SetupResult = { created: string[]; groupsCreated: string[]; existing: string[]; errors: string[] };

export async function setupProperties(crm: Crm): Promise<SetupResult> {
  const result: SetupResult = { created: [], groupsCreated: [], existing: [], errors: [] };
  const api = crm.api;
  if (!api) return { ...result, errors: [crm.whatToSet ?? 'The CRM is not configured'] };
  try {
    const group = await api.createPropertyGroup(PROPERTY_GROUP.name, PROPERTY_GROUP.label);
    if (group === 'created') result.groupsCreated.push(PROPERTY_GROUP.name);
    else result.existing.push(PROPERTY_GROUP.name);
  } catch (err) {
    result.errors.push(`${PROPERTY_GROUP.name}: ${describeFailure(err, '').message}`);
    return result;
  }
  for (const property of CUSTOM_PROPERTIES) {
    try {
      const made = await api.createProperty({ ...property, groupName: PROPERTY_GROUP.name });
      (made === 'created' ? result.created : result.existing).push(property.name);
    } catch (err) {
      result.errors.push(`${property.name}: ${describeFailure(err, '').message}`);
    }
  }
  crm.logger.info('crm properties set up', {
    created: result.created.length,
    groupsCreated: result.groupsCreated.length,
    errors: result.errors.length,
  });
  return result;
}
