/**
 * The user's notifications (000 §3 "Notification", §4; 001 §9 "Alerts and horizons"): worked out
 * from the rows the server reads and today's UK date, never stored. A notification's id names
 * what it is about and the figures it states, so it is the same on every reload while they stay
 * the same and a new id when they change: a dismissal (by id) holds exactly that long (ADR 0035).
 */
import type { CalendarDate } from '../dates/calendar-date.ts';

/** The spec's notification types (000 §3). */
export const NOTIFICATION_SEVERITIES = ['error', 'warning', 'info', 'success'] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];

/**
 * The kinds the product has, each one source in the registry (registry.ts) and one e-mail digest
 * opt-in. `subscription` is the payment-failure side (000 §4 "Notification types"; ADR 0038).
 */
export const NOTIFICATION_KINDS = [
  'protection',
  'interest',
  'rate-change',
  'isa',
  'account-term',
  'standing-order',
  'pension',
  'subscription',
  'open-banking',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds' names, as Settings and the digest say them. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  protection: 'Deposit protection',
  interest: 'Interest payments',
  'rate-change': 'Rate changes',
  isa: 'ISA deadlines and allowance',
  'account-term': 'Account terms',
  'standing-order': 'Standing orders processed',
  pension: 'Pension contributions and transfers',
  subscription: 'Subscription and payments',
  'open-banking': 'Bank connections',
};

/** Where the user acts on it: a path on this site and the words of the link. */
export type NotificationLink = { label: string; href: string };

export type AppNotification = {
  /** `kind:subject:figures`, stable across reloads while the figures it states stay the same. */
  id: string;
  kind: NotificationKind;
  severity: NotificationSeverity;
  title: string;
  message: string;
  link: NotificationLink;
  /** The day it is about (a payment, an end, a deadline), or today for a standing state. */
  date: CalendarDate;
  /**
   * False for the spec's Payment Failed and Action Required (000 §4): they stay until the payment
   * is put right, and the server refuses to dismiss them.
   */
  dismissible: boolean;
};

/** What a source gives: dismissible unless it says otherwise (the registry fills it in). */
export type NotificationDraft = Omit<AppNotification, 'dismissible'> & { dismissible?: boolean };
