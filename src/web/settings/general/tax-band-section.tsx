import { useQueryClient } from '@tanstack/react-query';
import { TAX_BAND_NAMES, TAX_BANDS, type TaxBand } from '../../../core/calculators/savings-tax.ts';
import { notify } from '../../app/notify.ts';
import { savingsTaxKeys } from '../../dashboard/savings-tax-api.ts';
import { type Choice, ChoiceCards } from '../../ui/choice-cards.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { useUpdateSettings, useUserSettings } from '../api.ts';
import { SettingsSection } from '../settings-section.tsx';

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
  const settings = useUserSettings();
  const update = useUpdateSettings();
  const queryClient = useQueryClient();
  return (
    <SettingsSection
      title="Income tax band"
      description="Used for the estimate of tax on your savings interest on your dashboard. Your Personal Savings Allowance depends on it."
    >
      {settings.data ? (
        <ChoiceCards
          label="Income tax band"
          value={settings.data.savingsTaxBand ?? undefined}
          choices={CHOICES}
          onChange={(savingsTaxBand) =>
            update.mutate(
              { savingsTaxBand },
              {
                onSuccess: () => {
                  void queryClient.invalidateQueries({ queryKey: savingsTaxKeys.estimate });
                  notify.success('Income tax band saved');
                },
                onError: (error) => notify.error(error.message),
              },
            )
          }
        />
      ) : settings.isError ? (
        <SectionLoadError
          message="Your settings could not be loaded."
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <SectionSkeleton rows={1} label="Loading your income tax band" />
      )}
    </SettingsSection>
  );
}
