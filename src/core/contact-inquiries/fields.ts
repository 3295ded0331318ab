/**
 * A contact inquiry's kinds of value (002 §3 contact_inquiries), for the admin routes and screens,
 * with the words the screens use for them.
 */
export const CONTACT_STATUSES = ['new', 'contacted', 'resolved'] as const;
export const CONTACT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const CONTACT_INQUIRY_TYPES = ['sales', 'technical', 'general'] as const;
/** How the team answered; the spec names the field but not its values. */
export const CONTACT_RESPONSE_METHODS = ['email', 'phone'] as const;

export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export type ContactPriority = (typeof CONTACT_PRIORITIES)[number];
export type ContactInquiryType = (typeof CONTACT_INQUIRY_TYPES)[number];
export type ContactResponseMethod = (typeof CONTACT_RESPONSE_METHODS)[number];

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  resolved: 'Resolved',
};

export const CONTACT_PRIORITY_LABELS: Record<ContactPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export const CONTACT_INQUIRY_TYPE_LABELS: Record<ContactInquiryType, string> = {
  sales: 'Sales',
  technical: 'Technical',
  general: 'General',
};

export const CONTACT_RESPONSE_METHOD_LABELS: Record<ContactResponseMethod, string> = {
  email: 'Email',
  phone: 'Phone',
};
