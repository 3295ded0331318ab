/**
 * "Connect to your bank" (issue 32): the saver picks their bank from the banks Open Banking
 * reaches, reads what they are agreeing to, and is sent to their bank's consent page. Used from
 * an account's page (its bank chosen already), from Add account and from the Open Banking page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Landmark, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import type { OpenBankingBank } from '../../core/open-banking/api-types.ts';
import { refusalReason } from '../app/api.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { FormError } from '../ui/form-error.tsx';
import { Label } from '../ui/label.tsx';
import { SearchableSelect } from '../ui/searchable-select.tsx';
import { bankConsent, fetchOpenBankingBanks, openBankingKeys, useStartConnection } from './api.ts';
import { consentPoints } from './words.ts';

export const CONNECT_TEXTS = {
  title: 'Connect to your bank',
  intro: 'Your balances and transactions then come straight from your bank, so your figures stay current.',
  failed: 'We could not start the connection. Please try again.',
  chooseBank: 'Choose your bank',
} as const;

/** Matches a bank name to what was typed (any word in the name starting with it, or the name containing it). */
function matches(bank: OpenBankingBank, query: string): boolean {
  const q = query.toLowerCase();
  return q === '' || bank.bankName.toLowerCase().includes(q);
}

export function ConnectBankDialog({
  open,
  onOpenChange,
  bank: initialBank = null,
  accountId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account's own bank, when connecting from its page. */
  bank?: OpenBankingBank | null;
  /** Connecting from an account: that account is offered first when linking. */
  accountId?: string;
}) {
  const queryClient = useQueryClient();
  const [bank, setBank] = useState<OpenBankingBank | null>(initialBank);
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartConnection();
  const pickerId = useId();
  const [leaving, setLeaving] = useState(false);

  const loadBanks = async (query: string, signal: AbortSignal) => {
    const banks = await queryClient.fetchQuery({
      queryKey: openBankingKeys.banks,
      queryFn: () => fetchOpenBankingBanks(signal),
      staleTime: 10 * 60_000,
    });
    return banks.filter((b) => matches(b, query)).toSorted((a, b) => a.bankName.localeCompare(b.bankName, 'en-GB'));
  };

  const go = () => {
    if (!bank) {
      setProblem(CONNECT_TEXTS.chooseBank);
      return;
    }
    setProblem(null);
    start.mutate(
      { bankId: bank.bankId, ...(accountId ? { accountId } : {}) },
      {
        onSuccess: ({ authorisationUrl }) => {
          setLeaving(true);
          bankConsent.go(authorisationUrl);
        },
        onError: (error) => setProblem(refusalReason(error) ?? CONNECT_TEXTS.failed),
      },
    );
  };

  const busy = start.isPending || leaving;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) setBank(initialBank);
        setProblem(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{CONNECT_TEXTS.title}</DialogTitle>
          <DialogDescription>{CONNECT_TEXTS.intro}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={pickerId}>Your bank</Label>
          <SearchableSelect<OpenBankingBank>
            id={pickerId}
            value={bank}
            onChange={(next) => {
              setBank(next);
              setProblem(null);
            }}
            queryKey={(query) => [...openBankingKeys.banks, 'search', query]}
            loadOptions={loadBanks}
            getOptionKey={(b) => b.bankId}
            getOptionLabel={(b) => b.bankName}
            texts={{
              placeholder: 'Select your bank...',
              search: 'Search banks...',
              loading: 'Loading banks...',
              empty: 'No bank by that name can be connected yet.',
              failed: (message) => `Failed to load banks: ${message}`,
            }}
            disabled={busy}
            aria-invalid={problem === CONNECT_TEXTS.chooseBank}
          />
          <p className="text-xs text-muted-foreground">
            Only banks that can be connected through Open Banking are listed.
          </p>
        </div>
        <section aria-labelledby={`${pickerId}-consent`} className="grid gap-3 rounded-lg border bg-muted/40 p-4">
          <h3 id={`${pickerId}-consent`} className="flex items-center gap-2 text-sm font-semibold">
            <ShieldCheck className="size-4 text-success" aria-hidden />
            What you are agreeing to
          </h3>
          <ul className="grid gap-2 text-sm">
            {consentPoints(bank?.bankName ?? 'your bank').map((point) => (
              <li key={point.title}>
                <span className="font-medium">{point.title}.</span>{' '}
                <span className="text-muted-foreground">{point.text}</span>
              </li>
            ))}
          </ul>
        </section>
        <FormError message={problem} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="button" onClick={go} disabled={busy}>
            {bank ? <ExternalLink aria-hidden /> : <Landmark aria-hidden />}
            {busy ? 'Opening your bank...' : bank ? `Continue to ${bank.bankName}` : 'Continue to your bank'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
