import { CircleHelp, Landmark, type LucideIcon, ShieldAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import { formatPence } from '../../core/money/format.ts';
import { Badge } from '../ui/badge.tsx';
import type { Account } from './api.ts';

type Tone = 'success' | 'warning' | 'destructive' | 'info' | 'secondary';

export type ProtectionLabel = { tone: Tone; icon: LucideIcon; title: string; detail: string | null };

const OUTSIDE_FSCS: Readonly<Record<string, Omit<ProtectionLabel, 'icon'>>> = {
  'ns-and-i': { tone: 'info', title: 'Government backed', detail: 'Backed by HM Treasury, not the FSCS' },
  state: { tone: 'info', title: 'Government backed', detail: 'Backed by the government, not the FSCS' },
  ppf: { tone: 'info', title: 'Other protection scheme', detail: 'Covered by the Pension Protection Fund' },
  'ssas-trust': {
    tone: 'info',
    title: 'Other protection scheme',
    detail: 'Protection depends on the scheme’s trustees',
  },
  offshore: { tone: 'destructive', title: 'Not FSCS protected', detail: 'Held outside the UK (Crown Dependency)' },
  'non-uk-branch': { tone: 'destructive', title: 'Not FSCS protected', detail: 'Held at a branch outside the UK' },
  'e-money': { tone: 'destructive', title: 'Not FSCS protected', detail: 'E-money is safeguarded, not FSCS protected' },
  ifisa: { tone: 'destructive', title: 'Not FSCS protected', detail: 'Peer-to-peer lending is not FSCS protected' },
  unverified: {
    tone: 'warning',
    title: 'Protection not confirmed',
    detail: 'This bank’s FSCS status is not confirmed',
  },
};

/** Why the protection is unknown (the account's `reason`), and what to do about it. */
const UNKNOWN_BANK: Readonly<Record<string, Pick<ProtectionLabel, 'tone' | 'detail'>>> = {
  'platform-bank-missing': { tone: 'warning', detail: 'Choose the bank that holds the deposits' },
  'isa-provider-missing': { tone: 'warning', detail: 'Choose the provider in the ISA Details card' },
  'pension-provider-missing': { tone: 'warning', detail: 'Choose the provider in the Pension Details card' },
  'bank-not-in-data': { tone: 'warning', detail: 'Bank not in our data: choose it again' },
  'no-bank': { tone: 'secondary', detail: 'No bank or provider recorded' },
};

/**
 * An account's protection in words (DESIGN.md: colour never alone): the badge's title, and a
 * short line saying why when the money is not simply covered. `inSharedLicence`: the account is
 * listed under a licence it shares with others of the saver's, which says the amount at risk
 * once; the row must not say it again (issue 14: two rows of '£20,000 not protected' read as £40,000).
 */
export function protectionLabel(
  { status, uncoveredPence, reason }: Account['protection'],
  { inSharedLicence = false }: { inSharedLicence?: boolean } = {},
): ProtectionLabel {
  switch (status) {
    case 'covered-in-full':
      return { tone: 'success', icon: ShieldCheck, title: 'Fully protected', detail: null };
    case 'partly-covered':
      if (inSharedLicence)
        return {
          tone: 'destructive',
          icon: ShieldAlert,
          title: 'Over the shared limit',
          detail: 'The amount not protected is shown once, for the licence',
        };
      return {
        tone: 'destructive',
        icon: ShieldAlert,
        title: `${formatPence(uncoveredPence ?? 0)} not protected`,
        detail: 'Over the FSCS limit for this banking licence',
      };
    case 'not-fscs': {
      const label = OUTSIDE_FSCS[reason ?? ''] ?? { tone: 'destructive', title: 'Not FSCS protected', detail: null };
      return { ...label, icon: label.tone === 'info' ? Landmark : TriangleAlert };
    }
    case 'unknown-bank': {
      const unknown = UNKNOWN_BANK[reason ?? ''] ?? UNKNOWN_BANK['no-bank']!;
      return { ...unknown, icon: CircleHelp, title: 'Protection unknown' };
    }
  }
}

/** The protection badge of one account, with its reason beneath when there is one. */
export function ProtectionBadge({
  protection,
  showDetail = true,
  inSharedLicence = false,
}: {
  protection: Account['protection'];
  showDetail?: boolean;
  inSharedLicence?: boolean;
}) {
  const { tone, icon: Icon, title, detail } = protectionLabel(protection, { inSharedLicence });
  return (
    <span className="inline-grid justify-items-start gap-1">
      <Badge variant={tone}>
        <Icon aria-hidden />
        {title}
      </Badge>
      {showDetail && detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
    </span>
  );
}
