import {
  Activity,
  Database,
  FileSpreadsheet,
  FileText,
  History,
  Inbox,
  Landmark,
  LifeBuoy,
  ListChecks,
  ListOrdered,
  type LucideIcon,
  PanelBottom,
  PlugZap,
  Rss,
  Stethoscope,
  TicketPercent,
  Users,
} from 'lucide-react';
import { isRegistered, paths, type RouteId } from '../../app/paths.ts';

export interface AdminTile {
  /** The route the tile opens; a tile shows only once its page exists. */
  routeId: RouteId;
  href: string;
  label: string;
  description: string;
  icon: LucideIcon;
}

export const CONTACT_INQUIRIES_HREF = paths.admin({ tab: 'settings', settings: 'contact-inquiries' });
export const AUDIT_LOG_HREF = paths.admin({ tab: 'settings', settings: 'audit-log' });
export const FOOTER_HREF = paths.admin({ tab: 'settings', settings: 'footer' });

const TILES: readonly AdminTile[] = [
  {
    routeId: 'adminUsers',
    href: paths.adminUsers(),
    label: 'Users',
    description: 'Find a user by name or email; their role, plan, settings and suspension.',
    icon: Users,
  },
  {
    routeId: 'adminSupport',
    href: paths.adminSupport(),
    label: 'Support',
    description: 'Tickets from savers: answer them, assign them and keep internal notes.',
    icon: LifeBuoy,
  },
  {
    routeId: 'admin',
    href: CONTACT_INQUIRIES_HREF,
    label: 'Contact inquiries',
    description: 'Messages from the contact form: mark them contacted or resolved and set their priority.',
    icon: Inbox,
  },
  {
    routeId: 'adminContent',
    href: paths.adminContent(),
    label: 'Content',
    description: 'Pages written and published without a release: drafts, previews and earlier versions.',
    icon: FileText,
  },
  {
    routeId: 'adminNews',
    href: paths.adminNews(),
    label: 'News and ads',
    description: 'The news feeds savers read, each one’s last fetch and error, and the house ads.',
    icon: Rss,
  },
  {
    routeId: 'adminPromoCodes',
    href: paths.adminPromoCodes(),
    label: 'Promo codes',
    description: 'Create codes for trials and Big Pig time, and withdraw them.',
    icon: TicketPercent,
  },
  {
    routeId: 'adminAccountTypes',
    href: paths.adminAccountTypes(),
    label: 'Account types',
    description: 'The types people choose when they add an account, and their order.',
    icon: ListOrdered,
  },
  {
    routeId: 'adminBankData',
    href: paths.adminBankData(),
    label: 'Bank data',
    description: 'Sync the banking data from the Google Sheet or a file, and work the review queue.',
    icon: FileSpreadsheet,
  },
  {
    routeId: 'adminBankingGroups',
    href: paths.adminBankingGroups(),
    label: 'Banking groups',
    description: 'Banking groups, banks, ISA platforms and pensions: find a row and correct it.',
    icon: Landmark,
  },
  {
    routeId: 'adminBankDataManagement',
    href: paths.adminBankDataManagement(),
    label: 'Bank data management',
    description: 'Manage banking groups and bank references with FRN information.',
    icon: Database,
  },
  {
    routeId: 'adminHubspotIntegration',
    href: paths.adminHubspotIntegration(),
    label: 'CRM integration',
    description: 'The HubSpot connection: test it, set up its properties, sync every user, debug the queue.',
    icon: PlugZap,
  },
  {
    routeId: 'adminConsentSyncMonitor',
    href: paths.adminConsentSyncMonitor(),
    label: 'Consent and Sync Monitor',
    description: 'Cookie-consent changes and the HubSpot sync queue: pending, processing, completed and failed.',
    icon: ListChecks,
  },
  {
    routeId: 'admin',
    href: FOOTER_HREF,
    label: 'Footer',
    description: 'The footer on every page: its links, colours and copyright line, or raw HTML; which one is active.',
    icon: PanelBottom,
  },
  {
    routeId: 'adminSystemHealth',
    href: paths.adminSystemHealth(),
    label: 'System health',
    description: 'Health score, queue backlog, error rate and processing time, measured now; test the queue.',
    icon: Activity,
  },
  {
    routeId: 'adminDebugConsole',
    href: paths.adminDebugConsole(),
    label: 'Debug console',
    description: 'Run the validation checks, auto-fix what they find, query reference data read-only, test functions.',
    icon: Stethoscope,
  },
  {
    routeId: 'admin',
    href: AUDIT_LOG_HREF,
    label: 'Audit log',
    description: 'Every admin action: who did what to which record, and when.',
    icon: History,
  },
];

/** The admin home's tiles: every admin screen that exists. */
export function adminTiles(): AdminTile[] {
  return TILES.filter((tile) => isRegistered(tile.routeId));
}
