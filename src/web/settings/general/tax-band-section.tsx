import { useQueryClient } from '@tanstack/react-query';
import { TAX_BAND_NAMES, TAX_BANDS, type TaxBand } from '../../../core/calculators/savings-tax.ts';
import { savingsTaxKeys } from '../../dashboard/savings-tax-api.ts';
import type { Choice } from '../../ui/choice-cards.tsx';
import { PreferenceChoiceSection } from './preference-choice.tsx';

const ALLOWANCE: Readonly<Record<TaxBand, string>> = {
  basic: 'Income up to £50,270 · £1,000 of interest tax-free',
  higher: 'Income up to £125,140 · £500 of interest tax-free',
  additional: 'Income over £125,140 · no tax-free interest',
};

const CHOICES: readonly Choice<TaxBand>[] = TAX_BANDS.map((band) => ({
  value: band,
  label: TAX_BAND_NAMES[band],
  description: ALLOWANCE[band],
}));

/** `user_settings.savings_tax_band` (issue 29): the band the dashboard's savings tax estimate uses. */
export function TaxBandSection() {
  const queryClient = useQueryClient();
  return (
    <PreferenceChoiceSection
      title="Income tax band"
      description="Used for the estimate of tax on your savings interest on your dashboard. Your Personal Savings Allowance depends on it."
      choices={CHOICES}
      chosenIn={(settings) => settings.savingsTaxBand ?? undefined}
      updateOf={(savingsTaxBand) => ({ savingsTaxBand })}
      savedMessage="Income tax band saved"
      loadingLabel="Loading your income tax band"
      onSaved={() => void queryClient.invalidateQueries({ queryKey: savingsTaxKeys.estimate })}
    />
  );
}
