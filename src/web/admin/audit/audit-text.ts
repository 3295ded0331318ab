/** How the admin audit log reads to an admin: actions and fields in words, values and times en-GB. */
import { dateTimeText } from '../bank-data/report-text.ts';

export { dateTimeText };

const ACTION_WORDS: Record<string, string> = {
  'contact.update': 'Updated a contact inquiry',
  'user.profile.update': 'Updated a user’s profile',
  'user.role.change': 'Changed a user’s role',
  'user.settings.update': 'Updated a user’s settings',
  'user.subscription.override': 'Changed a user’s subscription',
  'user.suspend': 'Suspended a user',
  'user.unsuspend': 'Lifted a user’s suspension',
  'user.suspension.reason': 'Changed the reason for a user’s suspension',
  'news_feed.create': 'Added a news feed',
  'news_feed.update': 'Changed a news feed',
  'news_feed.test': 'Tested a news feed',
  'news_feed.delete': 'Removed a news feed',
  'ad_campaign.create': 'Added a house ad',
  'ad_campaign.update': 'Changed a house ad',
  'ad_campaign.delete': 'Removed a house ad',
  'cms_footer.create': 'Created a footer',
  'cms_footer.update': 'Changed a footer',
  'cms_footer.activate': 'Activated a footer',
  'cms_footer.delete': 'Deleted a footer',
  'crm.queue.process': 'Processed the CRM sync queue',
  'crm.queue.clear': 'Cleared the CRM sync queue',
  'crm.queue.retry-failed': 'Retried the failed CRM sync items',
  'crm.sync-users.start': 'Started Sync Users',
  'diagnostics.run': 'Ran the validation checks',
  'diagnostics.auto-fix': 'Ran Auto-Fix',
  'diagnostics.cleanup': 'Cleaned up old jobs and sync items',
  'diagnostics.debug-test': 'Ran a TestSprite API test',
};

const SUBJECT_WORDS: Record<string, string> = {
  contact_inquiry: 'Contact inquiry',
  user: 'User',
  support_ticket: 'Support ticket',
  news_feed: 'News feed',
  ad_campaign: 'House ad',
  cms_footer: 'Footer',
  hubspot_sync_queue: 'CRM sync queue',
  crm_sync_runs: 'Sync Users run',
};

/** Splits camelCase and snake_case into lower-case words: 'respondedAt' → 'responded at'. */
function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]+/g, ' ')
    .trim()
    .toLowerCase();
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'contact.update' → 'Updated a contact inquiry'; an action not listed reads as its words. */
export function actionText(action: string): string {
  return ACTION_WORDS[action] ?? capitalised(words(action));
}

/** 'contact_inquiry' → 'Contact inquiry'. */
export function subjectTypeText(subjectType: string): string {
  return SUBJECT_WORDS[subjectType] ?? capitalised(words(subjectType));
}

/** A field's name as words, capitalised: 'marketingConsent' → 'Marketing consent'. */
export function fieldText(field: string): string {
  return capitalised(words(field));
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/** A before or after value: none, yes/no, a time in London, or the text (JSON for anything else). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? dateTimeText(value) : value;
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  return JSON.stringify(value);
}

export type FieldChange = { field: string; before: string; after: string };

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Each field an entry's before or after names, in the order they name them, as text. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const was = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields.map((field) => ({
    field: fieldText(field),
    before: valueText(was[field]),
    after: valueText(now[field]),
  }));
}
