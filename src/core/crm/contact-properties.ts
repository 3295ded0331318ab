/**
 * What the CRM sync writes on a HubSpot contact (ADR 0063; docs/operations.md lists it). HubSpot's
 * own properties for name, e-mail, phone, company and job; SavvyPig's in its own property group,
 * which setup creates. Nothing else of a saver's leaves: no address, date of birth, accounts or balances.
 */

export const PROPERTY_GROUP = { name: 'savvypig', label: 'SavvyPig' } as const;

export type CustomProperty = {
  name: string;
  label: string;
  type: 'string' | 'enumeration' | 'datetime';
  fieldType: 'text' | 'booleancheckbox' | 'date';
  description: string;
};

const yesNo = (name: string, label: string, description: string): CustomProperty => ({
  name,
  label,
  type: 'enumeration',
  fieldType: 'booleancheckbox',
  description,
});

export const CUSTOM_PROPERTIES: readonly CustomProperty[] = [
  {
    name: 'savvypig_user_id',
    label: 'SavvyPig user id',
    type: 'string',
    fieldType: 'text',
    description: "The contact's SavvyPig account",
  },
  yesNo('savvypig_marketing_opt_in', 'Marketing opt-in', 'Agreed to marketing e-mail in SavvyPig'),
  {
    name: 'savvypig_lead_source',
    label: 'Lead source',
    type: 'string',
    fieldType: 'text',
    description: 'How the saver found SavvyPig',
  },
  yesNo('savvypig_consent_analytics', 'Analytics cookies', 'Allowed analytics cookies'),
  yesNo('savvypig_consent_functional', 'Functional cookies', 'Allowed functional cookies'),
  yesNo('savvypig_consent_marketing', 'Marketing cookies', 'Allowed marketing cookies'),
  {
    name: 'savvypig_consent_updated_at',
    label: 'Cookie choice made',
    type: 'datetime',
    fieldType: 'date',
    description: 'When the saver last chose their cookies',
  },
  {
    name: 'savvypig_inquiry_type',
    label: 'Last inquiry type',
    type: 'string',
    fieldType: 'text',
    description: 'The type of the last contact form message (sales, technical, general)',
  },
  {
    name: 'savvypig_test_contact',
    label: 'Test contact',
    type: 'string',
    fieldType: 'text',
    description: "Set on the admin's end-to-end test contact only",
  },
];

export type ProfileForCrm = {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  mobileNumber: string | null;
  companyName: string | null;
  profession: string | null;
  marketingOptIn: boolean;
  leadSource: string | null;
};

const text = (value: string | null | undefined) => value ?? '';
const bool = (value: boolean) => (value ? 'true' : 'false');

/** A profile as contact properties (blank clears a field in HubSpot). */
export function profileProperties(p: ProfileForCrm): Record<string, string> {
  return {
    email: p.email.toLowerCase(),
    firstname: text(p.firstName),
    lastname: text(p.lastName),
    mobilephone: text(p.mobileNumber),
    company: text(p.companyName),
    jobtitle: text(p.profession),
    savvypig_user_id: p.userId,
    savvypig_marketing_opt_in: bool(p.marketingOptIn),
    savvypig_lead_source: text(p.leadSource),
  };
}

export type ConsentForCrm = { analytics: boolean; functional: boolean; marketing: boolean; timestamp: string };

/** A cookie choice as contact properties (essential cookies are not a choice). */
export function consentProperties(email: string, c: ConsentForCrm): Record<string, string> {
  return {
    email: email.toLowerCase(),
    savvypig_consent_analytics: bool(c.analytics),
    savvypig_consent_functional: bool(c.functional),
    savvypig_consent_marketing: bool(c.marketing),
    savvypig_consent_updated_at: new Date(c.timestamp).toISOString(),
  };
}

export type InquiryForCrm = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string;
  phone: string | null;
  company: string | null;
  inquiryType: string;
};

/** A contact form message's sender as contact properties; the name is split when no parts were given. */
export function inquiryProperties(i: InquiryForCrm): Record<string, string> {
  const [first, ...rest] = i.name.trim().split(/\s+/);
  const properties: Record<string, string> = {
    email: i.email.toLowerCase(),
    firstname: i.firstName ?? first ?? '',
    lastname: i.lastName ?? rest.join(' '),
    savvypig_inquiry_type: i.inquiryType,
  };
  if (i.phone) properties.phone = i.phone;
  if (i.company) properties.company = i.company;
  return properties;
}

/** The key that orders a contact's queue items (one at a time, oldest first): the e-mail, lower-cased. */
export function subjectKeyOf(email: string): string {
  return email.trim().toLowerCase();
}
