/** House ad campaigns (issue 29): the admin's fields and their messages. */

export const CAMPAIGN_LIMITS = { title: 80, body: 240, link: 2000 } as const;

export const CAMPAIGN_MESSAGES = {
  notFound: 'Campaign not found',
  title: 'Title is required',
  body: 'Text is required',
  link: 'Link must be an http:// or https:// address',
  startsOn: 'Start date must be a date (YYYY-MM-DD)',
  endsOn: 'End date must be a date (YYYY-MM-DD)',
  endsBeforeStart: 'End date must be on or after the start date',
  nothing: 'Change at least one field',
} as const;

/** Whether a campaign shows on `today` (London; both ends inclusive). */
export function isCampaignLive(
  campaign: { isActive: boolean; startsOn: string; endsOn: string },
  today: string,
): boolean {
  return campaign.isActive && campaign.startsOn <= today && today <= campaign.endsOn;
}
