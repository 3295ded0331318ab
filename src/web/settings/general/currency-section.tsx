import type { Choice } from '../../ui/choice-cards.tsx';
import type { Currency } from '../api.ts';
import { PreferenceChoiceSection } from './preference-choice.tsx';

const CHOICES: readonly Choice<Currency>[] = [
  { value: 'GBP', label: '£ Pound sterling', description: 'GBP' },
  { value: 'USD', label: '$ US dollar', description: 'USD' },
  { value: 'EUR', label: '€ Euro', description: 'EUR' },
];

/** `user_settings.default_currency` (002 §3: GBP, USD or EUR; GBP by default). */
export function CurrencySection() {
  return (
    <PreferenceChoiceSection
      title="Default currency"
      description="The currency new accounts start in. Amounts are shown in pounds unless an account says otherwise."
      choices={CHOICES}
      chosenIn={(settings) => settings.defaultCurrency}
      updateOf={(defaultCurrency) => ({ defaultCurrency })}
      savedMessage="Default currency saved"
      loadingLabel="Loading your currency"
    />
  );
}
