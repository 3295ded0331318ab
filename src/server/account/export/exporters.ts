import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  account,
  accountTerms,
  accounts,
  consentAuditLog,
  hubspotSyncQueue,
  contactInquiries,
  isaAccounts,
  pensionAccounts,
  pensionContributions,
  pensionDrawdownEvents,
  pensionTransfers,
  loginDevices,
  notificationDigestPreferences,
  notificationDigestSends,
  notificationDismissals,
  openBankingAccounts,
  openBankingConnections,
  presence,
  profiles,
  protectionAlertDismissals,
  session,
  promoCodes,
  promoRedemptions,
  signUpPromoCodes,
  smartPigPreferences,
  subscriptions,
  standingOrders,
  supportTicketAttachments,
  supportTicketMessages,
  supportTickets,
  transactions,
  user,
  userRoles,
  userSettings,
} from '../../db/schema/index.ts';
import { describeDevice } from '../../../core/session/user-agent.ts';
import { AVATAR_BUCKET, avatarUrl } from '../../avatars/avatar-paths.ts';
import { transactionColumns } from '../../transactions/transaction-json.ts';
import type { ExportContext, Exporter } from './exporter.ts';

/** Every table the export reads, in the order the document lists them. Add new tables here. */
export const EXPORTERS: readonly Exporter[] = [
  {
    table: 'user',
    key: 'account',
    role: 'login',
    read: async ({ tx, subject }) => {
      const [row] = await tx
        .select({
          id: user.id,
          email: user.email,
          // better-auth's own name and picture fields: set at sign-up only (update-user is switched off).
          name: user.name,
          image: user.image,
          emailVerified: user.emailVerified,
          emailConfirmedAt: user.emailConfirmedAt,
          twoFactorEnabled: user.twoFactorEnabled,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
        })
        .from(user)
        .where(eq(user.id, subject.userId));
      return row ?? null;
    },
  },
  {
    table: 'account',
    key: 'signInMethods',
    role: 'login',
    // The password hash and any provider tokens are secrets, not data about the user.
    read: ({ tx, subject }) =>
      tx
        .select({ provider: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
        .from(account)
        .where(eq(account.userId, subject.userId))
        .orderBy(asc(account.createdAt)),
  },
  {
    table: 'profiles',
    key: 'profile',
    role: 'app_user',
    read: async ({ tx, subject }) => {
      const [row] = await tx.select().from(profiles).where(eq(profiles.id, subject.userId));
      return row ?? null;
    },
  },
  {
    table: 'user_settings',
    key: 'settings',
    role: 'app_user',
    read: async ({ tx, subject }) => {
      const [row] = await tx.select().from(userSettings).where(eq(userSettings.userId, subject.userId));
      return row ?? null;
    },
  },
  {
    table: 'user_roles',
    key: 'roles',
    role: 'app_user',
    read: ({ tx, subject }) =>
      tx
        .select({ role: userRoles.role, createdAt: userRoles.createdAt })
        .from(userRoles)
        .where(eq(userRoles.userId, subject.userId)),
  },
  {
    table: 'consent_audit_log',
    key: 'cookieConsentLog',
    role: 'app_user',
    read: ({ tx, subject }) =>
      tx
        .select({
          consent: consentAuditLog.consentData,
          changeSource: consentAuditLog.changeSource,
          syncStatus: consentAuditLog.syncStatus,
          createdAt: consentAuditLog.createdAt,
          syncedAt: consentAuditLog.syncedAt,
        })
        .from(consentAuditLog)
        .where(eq(consentAuditLog.userId, subject.userId))
        .orderBy(asc(consentAuditLog.createdAt)),
  },
  {
    table: 'hubspot_sync_queue',
    key: 'crmSync',
    // Savers have no grant on the CRM queue (ADR 0063): read as the login role, filtered here.
    role: 'login',
    read: ({ tx, subject }) =>
      tx
        .select({
          syncType: hubspotSyncQueue.syncType,
          status: hubspotSyncQueue.status,
          sentToHubSpot: hubspotSyncQueue.payload,
          hubspotContactId: hubspotSyncQueue.hubspotContactId,
          retryCount: hubspotSyncQueue.retryCount,
          createdAt: hubspotSyncQueue.createdAt,
          processedAt: hubspotSyncQueue.processedAt,
          errorDetails: hubspotSyncQueue.errorDetails,
        })
        .from(hubspotSyncQueue)
        .where(eq(hubspotSyncQueue.userId, subject.userId))
        .orderBy(asc(hubspotSyncQueue.createdAt), asc(hubspotSyncQueue.id)),
  },
  {
    table: 'presence',
    key: 'presence',
    role: 'app_user',
    read: async ({ tx, subject }) => {
      const [row] = await tx
        .select({ onlineAt: presence.onlineAt, status: presence.status })
        .from(presence)
        .where(eq(presence.userId, subject.userId));
      return row ?? null;
    },
  },
  {
    table: 'session',
    key: 'sessions',
    role: 'login',
    // Never the token: it would sign the holder in.
    read: async ({ tx, subject }) => {
      const rows = await tx
        .select({
          userAgent: session.userAgent,
          ipAddress: session.ipAddress,
          createdAt: session.createdAt,
          lastActiveAt: session.lastActiveAt,
          expiresAt: session.expiresAt,
        })
        .from(session)
        .where(eq(session.userId, subject.userId))
        .orderBy(desc(session.lastActiveAt));
      return rows.map((row) => ({ ...describeDevice(row.userAgent), ...row }));
    },
  },
  {
    table: 'login_devices',
    key: 'signInDevices',
    role: 'login',
    read: ({ tx, subject }) =>
      tx
        .select({
          fingerprint: loginDevices.fingerprint,
          firstSeenAt: loginDevices.firstSeenAt,
          lastSeenAt: loginDevices.lastSeenAt,
        })
        .from(loginDevices)
        .where(eq(loginDevices.userId, subject.userId))
        .orderBy(asc(loginDevices.firstSeenAt)),
  },
  {
    table: 'stored_files',
    key: 'files',
    role: 'app_user',
    // What is stored and where it is served from; the image itself is one click away.
    read: async ({ tx, subject, storage }) =>
      (await storage.list(tx, AVATAR_BUCKET, subject.userId)).map((file) => ({
        purpose: 'avatar',
        url: avatarUrl(file.path),
        contentType: file.contentType,
        sizeBytes: file.size,
        createdAt: file.createdAt,
      })),
  },
  {
    table: 'contact_inquiries',
    key: 'contactInquiries',
    role: 'login',
    // Matched by address, so only once the user has proved the address is theirs: otherwise an
    // unverified sign-up with someone else's address could read that person's messages.
    read: async ({ tx, subject }) => {
      if (!subject.emailVerified) return [];
      return tx
        .select({
          name: contactInquiries.name,
          email: contactInquiries.email,
          inquiryType: contactInquiries.inquiryType,
          subject: contactInquiries.subject,
          message: contactInquiries.message,
          status: contactInquiries.status,
          createdAt: contactInquiries.createdAt,
          respondedAt: contactInquiries.respondedAt,
        })
        .from(contactInquiries)
        .where(sql`lower(${contactInquiries.email}) = lower(${subject.email})`)
        .orderBy(asc(contactInquiries.createdAt));
    },
  },
  {
    table: 'accounts',
    key: 'accounts',
    role: 'app_user',
    // Every field the user gave or the app keeps about the account; the owner's id is implied.
    read: async ({ tx, subject }) => {
      const rows = await tx
        .select()
        .from(accounts)
        .where(eq(accounts.userId, subject.userId))
        .orderBy(asc(accounts.createdAt), asc(accounts.id));
      // Archived accounts (a downgrade) are the user's data too: kept, and marked.
      return rows.map(({ userId: _userId, ...row }) => ({ ...row, isArchived: row.archivedAt !== null }));
    },
  },
  {
    table: 'transactions',
    key: 'transactions',
    role: 'app_user',
    read: ({ tx, subject }) =>
      tx
        .select({
          ...transactionColumns,
          occurrenceDate: transactions.occurrenceDate,
          updatedAt: transactions.updatedAt,
        })
        .from(transactions)
        .where(eq(transactions.userId, subject.userId))
        .orderBy(asc(transactions.accountId), asc(transactions.date), asc(transactions.id)),
  },
  {
    table: 'standing_orders',
    key: 'standingOrders',
    role: 'app_user',
    read: async ({ tx, subject }) => {
      const rows = await tx
        .select()
        .from(standingOrders)
        .where(eq(standingOrders.userId, subject.userId))
        .orderBy(asc(standingOrders.accountId), asc(standingOrders.createdAt));
      return rows.map(({ userId: _userId, ...row }) => row);
    },
  },
  {
    table: 'isa_accounts',
    key: 'isaAccounts',
    role: 'app_user',
    read: async ({ tx, subject }) => {
      const rows = await tx
        .select()
        .from(isaAccounts)
        .where(eq(isaAccounts.userId, subject.userId))
        .orderBy(asc(isaAccounts.createdAt), asc(isaAccounts.accountId));
      return rows.map(({ userId: _userId, ...row }) => row);
    },
  },
  ...(
    [
      ['pension_accounts', 'pensionAccounts', pensionAccounts, [pensionAccounts.accountId]],
      [
        'pension_contributions',
        'pensionContributions',
        pensionContributions,
        [pensionContributions.accountId, pensionContributions.taxYear],
      ],
      [
        'pension_drawdown_events',
        'pensionDrawdownEvents',
        pensionDrawdownEvents,
        [pensionDrawdownEvents.accountId, pensionDrawdownEvents.eventDate, pensionDrawdownEvents.id],
      ],
      [
        'pension_transfers',
        'pensionTransfers',
        pensionTransfers,
        [pensionTransfers.accountId, pensionTransfers.startedAt, pensionTransfers.id],
      ],
    ] as const
  ).map(([table, key, source, order]) => ({
    table,
    key,
    role: 'app_user' as const,
    read: async ({ tx, subject }: ExportContext) => {
      const rows = await tx
        .select()
        .from(source)
        .where(eq(source.userId, subject.userId))
        .orderBy(...order.map((column) => asc(column)));
      return rows.map(({ userId: _userId, ...row }) => row);
    },
  })),
  {
    table: 'protection_alert_dismissals',
    key: 'protectionAlertDismissals',
    role: 'app_user',
    read: ({ tx, subject }) =>
      tx
        .select({
          alertId: protectionAlertDismissals.alertId,
          signature: protectionAlertDismissals.signature,
          dismissedAt: protectionAlertDismissals.dismissedAt,
        })
        .from(protectionAlertDismissals)
        .where(eq(protectionAlertDismissals.userId, subject.userId))
        .orderBy(asc(protectionAlertDismissals.dismissedAt)),
  },
  {
    table: 'notification_dismissals',
    key: 'notificationDismissals',
    role: 'app_user',
    read: ({ tx, subject }) =>
      tx
        .select({
          notificationId: notificationDismissals.notificationId,
          dismissedAt: notificationDismissals.dismissedAt,
        })
        .from(notificationDismissals)
        .where(eq(notificationDismissals.userId, subject.userId))
        .orderBy(asc(notificationDismissals.dismissedAt), asc(notificationDismissals.notificationId)),
  },
  {
    table: 'notification_digest_preferences',
    key: 'notificationDigestPreferences',
    role: 'app_user',
    read: async ({ tx, subject }) => {
      const [row] = await tx
        .select({ kinds: notificationDigestPreferences.kinds, updatedAt: notificationDigestPreferences.updatedAt })
        .from(notificationDigestPreferences)
        .where(eq(notificationDigestPreferences.userId, subject.userId));
      return row ?? null;
    },
  },
  {
    table: 'notification_digest_sends',
    key: 'notificationDigestSends',
    role: 'app_user',
    read: ({ tx, subject }) =>
      tx
        .select({
          day: notificationDigestSends.day,
          notificationCount: notificationDigestSends.notificationCount,
          sentAt: notificationDigestSends.sentAt,
        })
        .from(notificationDigestSends)
        .where(eq(notificationDigestSends.userId, subject.userId))
        .orderBy(asc(notificationDigestSends.day)),
  },
  {
    table: 'account_terms',
    key: 'accountTerms',
    role: 'app_user',
    read: async ({ tx, subject }) => {
      const rows = await tx
        .select()
        .from(accountTerms)
        .where(eq(accountTerms.userId, subject.userId))
        .orderBy(asc(accountTerms.accountId), asc(accountTerms.createdAt), asc(accountTerms.id));
      return rows.map(({ userId: _userId, trackedFrom: _trackedFrom, ...row }) => row);
    },
  },
  {
    table: 'smart_pig_preferences',
    key: 'smartPigPreferences',
    role: 'app_user',
    read: async ({ tx, subject }) => {
      const [row] = await tx
        .select({
          keepFullFSCSCover: smartPigPreferences.keepFullFscsCover,
          avoidTeaserRates: smartPigPreferences.avoidTeaserRates,
          maxNoticeDays: smartPigPreferences.maxNoticeDays,
          maxFixedMonths: smartPigPreferences.maxFixedMonths,
          useISAFirst: smartPigPreferences.useIsaFirst,
          updatedAt: smartPigPreferences.updatedAt,
        })
        .from(smartPigPreferences)
        .where(eq(smartPigPreferences.userId, subject.userId));
      return row ?? null;
    },
  },
  {
    table: 'subscriptions',
    key: 'subscription',
    role: 'app_user',
    read: async ({ tx, subject }) => {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, subject.userId));
      if (!row) return null;
      const { userId: _userId, stripeCustomerId: _customer, stripeSubscriptionId: _subscription, ...rest } = row;
      return rest;
    },
  },
  {
    table: 'promo_redemptions',
    key: 'promoCodesUsed',
    // The code's own row is admin-only; its name is the user's to know once they have used it.
    role: 'login',
    read: ({ tx, subject }) =>
      tx
        .select({ code: promoCodes.code, redeemedAt: promoRedemptions.redeemedAt })
        .from(promoRedemptions)
        .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
        .where(eq(promoRedemptions.userId, subject.userId))
        .orderBy(asc(promoRedemptions.redeemedAt)),
  },
  {
    table: 'sign_up_promo_codes',
    key: 'signUpPromoCode',
    role: 'app_user',
    read: async ({ tx, subject }) => {
      const [row] = await tx
        .select({
          code: signUpPromoCodes.code,
          createdAt: signUpPromoCodes.createdAt,
          appliedAt: signUpPromoCodes.appliedAt,
          outcome: signUpPromoCodes.outcome,
        })
        .from(signUpPromoCodes)
        .where(eq(signUpPromoCodes.userId, subject.userId));
      return row ?? null;
    },
  },
  {
    table: 'support_tickets',
    key: 'supportTickets',
    role: 'app_user',
    read: ({ tx, subject }) =>
      tx
        .select({
          id: supportTickets.id,
          subject: supportTickets.subject,
          category: supportTickets.category,
          status: supportTickets.status,
          priority: supportTickets.priority,
          createdAt: supportTickets.createdAt,
          updatedAt: supportTickets.updatedAt,
          lastReplyAt: supportTickets.lastReplyAt,
        })
        .from(supportTickets)
        .where(eq(supportTickets.userId, subject.userId))
        .orderBy(asc(supportTickets.createdAt), asc(supportTickets.id)),
  },
  {
    table: 'support_ticket_messages',
    key: 'supportTicketMessages',
    role: 'app_user',
    // The public messages of the user's tickets, theirs and support's: row-level security keeps
    // support's internal notes out, as it does on every other route.
    read: ({ tx, subject }) =>
      tx
        .select({
          ticketId: supportTicketMessages.ticketId,
          from: supportTicketMessages.authorRole,
          body: supportTicketMessages.body,
          createdAt: supportTicketMessages.createdAt,
        })
        .from(supportTicketMessages)
        .where(and(eq(supportTicketMessages.userId, subject.userId), eq(supportTicketMessages.isInternal, false)))
        .orderBy(asc(supportTicketMessages.ticketId), asc(supportTicketMessages.createdAt)),
  },
  {
    table: 'support_ticket_attachments',
    key: 'supportTicketAttachments',
    role: 'app_user',
    read: ({ tx, subject }) =>
      tx
        .select({
          ticketId: supportTicketAttachments.ticketId,
          fileName: supportTicketAttachments.fileName,
          contentType: supportTicketAttachments.contentType,
          sizeBytes: supportTicketAttachments.size,
          createdAt: supportTicketAttachments.createdAt,
        })
        .from(supportTicketAttachments)
        .where(eq(supportTicketAttachments.userId, subject.userId))
        .orderBy(asc(supportTicketAttachments.ticketId), asc(supportTicketAttachments.createdAt)),
  },
  {
    table: 'open_banking_connections',
    key: 'openBankingConnections',
    role: 'app_user',
    // The consents, never their tokens (credentials, encrypted at rest, and never sent anywhere).
    read: ({ tx, subject }) =>
      tx
        .select({
          id: openBankingConnections.id,
          bankName: openBankingConnections.bankName,
          providerInstitutionId: openBankingConnections.providerInstitutionId,
          status: openBankingConnections.status,
          consentCreatedAt: openBankingConnections.consentCreatedAt,
          consentExpiresAt: openBankingConnections.consentExpiresAt,
          lastSyncedAt: openBankingConnections.lastSyncedAt,
          lastSyncError: openBankingConnections.lastSyncError,
          revokedAt: openBankingConnections.revokedAt,
          createdAt: openBankingConnections.createdAt,
        })
        .from(openBankingConnections)
        .where(eq(openBankingConnections.userId, subject.userId))
        .orderBy(asc(openBankingConnections.createdAt), asc(openBankingConnections.id)),
  },
  {
    table: 'open_banking_accounts',
    key: 'openBankingAccounts',
    role: 'app_user',
    read: ({ tx, subject }) =>
      tx
        .select({
          connectionId: openBankingAccounts.connectionId,
          providerAccountId: openBankingAccounts.providerAccountId,
          displayName: openBankingAccounts.displayName,
          accountNumberMasked: openBankingAccounts.accountNumberMasked,
          accountType: openBankingAccounts.accountType,
          currency: openBankingAccounts.currency,
          balancePence: openBankingAccounts.balancePence,
          balanceAt: openBankingAccounts.balanceAt,
          linkedAccountId: openBankingAccounts.linkedAccountId,
        })
        .from(openBankingAccounts)
        .where(eq(openBankingAccounts.userId, subject.userId))
        .orderBy(asc(openBankingAccounts.connectionId), asc(openBankingAccounts.providerAccountId)),
  },
];

/**
 * Tables with a user-id column that the export leaves out on purpose, and why. A table here
 * must not also have an exporter.
 */
export const EXCLUDED_FROM_EXPORT: Readonly<Record<string, string>> = {
  promo_codes:
    "The codes themselves are the business's (created_by names the admin who made one); the codes a user used are in promoCodesUsed.",
  two_factor:
    'Holds the two-factor secret and backup codes, which are credentials; whether two-factor is on is in account and settings.',
  jobs: 'The server’s work queue: short-lived internal tasks that hold ids, not information about the user.',
  billing_events:
    'A receipt for each card-provider event applied (its id, type and time), kept only so an event delivered twice is applied once; what the events changed is in subscription.',
  account_monthly_totals:
    'Sums of the exported transactions per account, month and type, kept by the database to draw charts quickly: nothing in them that the transactions do not already say.',
  user_data_versions:
    'A counter the database bumps whenever the user’s data changes, so a server can tell a kept dashboard is still true: it says nothing about the user.',
  reference_import_runs:
    'The banking data importer’s runs (started_by names the admin who ran one): the business’s reference data work, not information about the user.',
  reference_change_audit:
    'The audit trail of changes to the banking reference data (changed_by names the admin who made one): the business’s record, not information about the user.',
  open_banking_oauth_states:
    'The hashes of single-use values that tie a bank consent under way to the session that started it, gone stale within 10 minutes: security checks, not information about the user.',
  cms_footers:
    'The site’s footers (created_by names the admin who wrote one, and is cleared when that account is deleted): the business’s content, not information about the user.',
  content_pages:
    'The site’s content pages (created_by and updated_by name the admins who wrote them, cleared when that account is deleted): the business’s content, not information about the user.',
  content_page_versions:
    'The saved versions of the site’s content pages (created_by names the admin who saved one, cleared when that account is deleted): the business’s content, not information about the user.',
  crm_sync_runs:
    'The runs of the admin’s Sync Users action (started_by names the admin who started one): the business’s CRM work; what was sent about the user is in the CRM sync rows.',
};
