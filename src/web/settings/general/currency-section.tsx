import { notify } from '../../app/notify.ts';
import { type Choice, ChoiceCards } from '../../ui/choice-cards.tsx';
import { type Currency, useUpdateSettings, useUserSettings } from '../api.ts';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { SettingsSection } from '../settings-section.tsx';

const CHOICES: readonly Choice<Currency>[] = [
  { value: 'GBP', label: '£ Pound sterling', description: 'GBP' },
  { value: 'USD', label: '$ US dollar', description: 'USD' },
  { value: 'EUR', label: '€ Euro', description: 'EUR' },
];

/** `user_settings.default_currency` (002 §3: GBP, USD or EUR; GBP by default). */
export function CurrencySection() {
  const settings = useUserSettings();
  const update = useUpdateSettings();

  return (
    <SettingsSection
      title="Default currency"
      description="The currency new accounts start in. Amounts are shown in pounds unless an account says otherwise."
    >
      {settings.data ? (
        <ChoiceCards
          label="Default currency"
          value={settings.data.defaultCurrency}
          choices={CHOICES}
          onChange={(defaultCurrency) =>
            update.mutate(
              { defaultCurrency },
              {
                onSuccess: () => notify.success('Default currency saved'),
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
        <SectionSkeleton rows={1} label="Loading your currency" />
      )}
    </SettingsSection>
  );
}
