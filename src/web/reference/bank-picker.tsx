import type { JSX } from 'react';
import { SearchableSelect, type SearchableSelectTexts } from '../ui/searchable-select.tsx';
import { fetchBanks, REFERENCE_STALE_TIME_MS, referenceKeys } from './api.ts';
import { namesDiffer, OptionText, type ReferencePickerProps } from './picker-parts.tsx';
import type { BankOption } from './types.ts';

export type { BankOption } from './types.ts';

/** The spec's bank picker texts (001 §2 Bank picker, §8 messages). */
export const BANK_PICKER_TEXT = {
  placeholder: 'Select bank...',
  search: 'Search banks...',
  loading: 'Loading banks...',
  empty: 'No banks found.',
  failed: (message: string) => `Failed to load banks: ${message}`,
} as const satisfies SearchableSelectTexts;

/**
 * The licence behind a brand, e.g. 'Bank of Scotland plc · FRN 169628' for Halifax: the FRN for
 * every brand that has one ('FRN 169628' alone for the licence holder 'Bank of Scotland plc'),
 * and the licence holder's name when it says something the brand's does not, or always for a
 * brand listed under more than one FRN.
 */
export function bankLegalEntity(bank: BankOption): string | null {
  const legalName = bank.isAmbiguous || namesDiffer(bank.bankName, bank.legalName) ? bank.legalName : null;
  const frn = bank.frn ? `FRN ${bank.frn}` : null;
  return [legalName, frn].filter(Boolean).join(' · ') || null;
}

/** A short neutral note for money the FSCS deposit limit does not simply cover. */
export function bankProtectionNote(bank: BankOption): string | null {
  if (bank.protectionBasis === 'hm_treasury') return 'HM Treasury backed';
  if (bank.isCrownDependency) return 'Outside FSCS (Crown Dependency)';
  if (bank.protectionBasis === 'unverified') return 'FSCS status not confirmed';
  if (bank.protectionBasis === 'via_partner_banks') return 'Platform: protected through its partner banks';
  return null;
}

/** The chosen bank on the trigger: an ambiguous brand names its licence, so the choice is clear. */
export function bankLabel(bank: BankOption): string {
  return bank.isAmbiguous ? `${bank.bankName} (${bank.legalName})` : bank.bankName;
}

export interface BankPickerProps extends ReferencePickerProps<BankOption> {
  /** Leave platforms out: for the bank that holds a platform account's deposits, and the checker. */
  excludePlatforms?: boolean;
}

/** Searchable bank and building society picker (active banks, at most 20 per search). */
export function BankPicker({ excludePlatforms = false, ...props }: BankPickerProps): JSX.Element {
  return (
    <SearchableSelect<BankOption>
      {...props}
      queryKey={(q) => referenceKeys.banks(q, { excludePlatforms })}
      loadOptions={(q, signal) => fetchBanks(q, { excludePlatforms, signal })}
      staleTime={REFERENCE_STALE_TIME_MS}
      getOptionKey={(bank) => bank.id}
      getOptionLabel={bankLabel}
      renderOption={(bank) => (
        <OptionText name={bank.bankName} detail={bankLegalEntity(bank)} note={bankProtectionNote(bank)} />
      )}
      texts={BANK_PICKER_TEXT}
    />
  );
}
