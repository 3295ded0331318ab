/**
 * Open Banking's words (issue 32): a connection's status badge, when it last synced and why it
 * failed, the reconfirmation ahead of time, and what the saver consents to, in plain English.
 */
import { differenceInCalendarDays, format } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { CheckCircle2, CircleAlert, CircleX, Clock, type LucideIcon, Unplug } from 'lucide-react';
import {
  CONSENT_DAYS,
  type Connection,
  type ConnectionAccount,
  type ConnectionStatus,
  RECONFIRM_WARNING_DAYS,
} from '../../core/open-banking/api-types.ts';

/** The account information provider the server uses (ADR 0067), named to the saver before consent. */
export const PROVIDER_NAME = 'TrueLayer';

export type Tone = 'success' | 'warning' | 'destructive' | 'info' | 'secondary';

/** '29 Nov 2026' (cards and prose). */
export function dayOf(iso: string): string {
  return format(new Date(iso), 'd MMM yyyy', { locale: enGB });
}

/** '29 Nov 2026 at 14:05' (when something happened). */
export function momentOf(iso: string): string {
  return format(new Date(iso), "d MMM yyyy 'at' HH:mm", { locale: enGB });
}

/** 'in 12 days', 'tomorrow', 'today' (next to the date of a deadline). */
export function daysUntil(iso: string, now: Date): string {
  const days = differenceInCalendarDays(new Date(iso), now);
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}

export type StatusWords = { tone: Tone; icon: LucideIcon; text: string };

/** A connection's badge: active / reconfirm by {date} / expired / disconnected / sync failing. */
export function statusWords(connection: Pick<Connection, 'status' | 'reconfirmBy'>): StatusWords {
  const words: Record<ConnectionStatus, StatusWords> = {
    active: { tone: 'success', icon: CheckCircle2, text: 'Active' },
    expiring: { tone: 'warning', icon: Clock, text: `Reconfirm by ${dayOf(connection.reconfirmBy)}` },
    expired: { tone: 'destructive', icon: CircleX, text: 'Expired' },
    revoked: { tone: 'secondary', icon: Unplug, text: 'Disconnected' },
    error: { tone: 'destructive', icon: CircleAlert, text: 'Sync failing' },
  };
  return words[connection.status];
}

/** Whether the saver can (and should) give access again: the consent is ending or has ended. */
export function canReconnect(connection: Pick<Connection, 'status'>): boolean {
  return connection.status === 'expiring' || connection.status === 'expired';
}

/** Whether the connection still fetches (Sync now makes sense). */
export function canSync(connection: Pick<Connection, 'status'>): boolean {
  return connection.status === 'active' || connection.status === 'expiring' || connection.status === 'error';
}

/** 'Last synced 29 Nov 2026 at 14:05', or that it has not synced yet. */
export function lastSyncedWords(connection: Pick<Connection, 'lastSyncedAt'>): string {
  return connection.lastSyncedAt
    ? `Last synced ${momentOf(connection.lastSyncedAt)}`
    : 'Not synced yet: the first sync runs once your accounts are linked';
}

/** The account page's line near the balance: where it came from, or that syncing has stopped working. */
export function accountSyncWords(
  connection: Pick<Connection, 'lastSyncedAt' | 'lastSyncError' | 'status' | 'bankName'>,
): { tone: 'ok' | 'problem' | 'waiting'; text: string } {
  if (connection.status === 'revoked')
    return { tone: 'problem', text: `Disconnected from ${connection.bankName}: this balance is no longer updated` };
  // The reconnection notice below says the access has ended and what to do: this line says since when.
  if (connection.status === 'expired')
    return {
      tone: 'problem',
      text: connection.lastSyncedAt
        ? `Last updated from ${connection.bankName} ${momentOf(connection.lastSyncedAt)}`
        : `Never updated from ${connection.bankName}`,
    };
  if (connection.lastSyncError)
    return {
      tone: 'problem',
      text: `Last sync failed: ${trimStop(connection.lastSyncError)}. ${
        connection.lastSyncedAt ? `Last worked ${momentOf(connection.lastSyncedAt)}` : 'It has not worked yet'
      }`,
    };
  if (connection.lastSyncedAt)
    return { tone: 'ok', text: `Updated from ${connection.bankName} ${momentOf(connection.lastSyncedAt)}` };
  return { tone: 'waiting', text: `Waiting for the first update from ${connection.bankName}` };
}

function trimStop(text: string): string {
  return text.trim().replace(/\.+$/, '');
}

/** The 90-day reconfirmation, said ahead of time: null while it is far off. */
export function reconfirmWords(connection: Pick<Connection, 'status' | 'reconfirmBy' | 'bankName'>, now: Date) {
  if (connection.status === 'expired')
    // A bank may end a consent before its 90 days: then there is no past date to name.
    return new Date(connection.reconfirmBy) <= now
      ? `Your ${connection.bankName} access ended on ${dayOf(connection.reconfirmBy)}. Reconnect to start syncing again.`
      : `Your ${connection.bankName} access has ended. Reconnect to start syncing again.`;
  if (connection.status !== 'expiring') return null;
  return `Your bank asks you to reconfirm access every ${CONSENT_DAYS} days. Reconfirm ${connection.bankName} by ${dayOf(
    connection.reconfirmBy,
  )} (${daysUntil(connection.reconfirmBy, now)}) to keep your balances up to date.`;
}

/** 'SAVINGS' → 'Savings', 'CREDIT_CARD' → 'Credit card'. */
export function accountTypeWords(type: string): string {
  const words = type.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Account';
}

/** The bank account in one line: 'Easy Saver, •••• 1234'. */
export function bankAccountLine(account: Pick<ConnectionAccount, 'displayName' | 'accountNumberMasked'>): string {
  return account.accountNumberMasked ? `${account.displayName}, ${account.accountNumberMasked}` : account.displayName;
}

/** What the saver agrees to before going to the bank (the consent screen's points). */
export function consentPoints(bankName: string): { title: string; text: string }[] {
  return [
    {
      title: 'Read-only',
      text: `We can see your ${bankName} account names, balances and transactions. Nobody can move money or make payments through this connection.`,
    },
    {
      title: `For ${CONSENT_DAYS} days`,
      text: `Your bank asks you to reconfirm every ${CONSENT_DAYS} days. We remind you ${RECONFIRM_WARNING_DAYS} days before.`,
    },
    {
      title: 'You can stop it at any time',
      text: 'Disconnect on the Open Banking page here, or at your bank. Your history in SavvyPig stays.',
    },
    {
      title: 'Who connects',
      text: `${PROVIDER_NAME}, an account information service authorised by the FCA, asks ${bankName} for your data on our behalf. You sign in at your bank: SavvyPig never sees your bank login.`,
    },
  ];
}
