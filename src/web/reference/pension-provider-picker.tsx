import type { JSX } from 'react';
import { SearchableSelect, type SearchableSelectTexts } from '../ui/searchable-select.tsx';
import { fetchPensionProviders, REFERENCE_STALE_TIME_MS, referenceKeys } from './api.ts';
import { namesDiffer, OptionText, type ReferencePickerProps } from './picker-parts.tsx';
import type { PensionProviderOption } from './types.ts';

/**
 * The pension provider picker's texts. The spec (001 §2 Pension Details card) names only the
 * failure, 'Failed to load pension providers' (§8); the rest follow the bank and ISA pickers.
 */
export const PENSION_PROVIDER_PICKER_TEXT = {
  placeholder: 'Select pension provider...',
  search: 'Search pension providers...',
  loading: 'Loading providers...',
  empty: 'No pension providers found.',
  failed: (message: string) => `Failed to load pension providers: ${message}`,
} as const satisfies SearchableSelectTexts;

/** Searchable pension provider picker (all active providers, about 24, narrowed by the search). */
export function PensionProviderPicker(props: ReferencePickerProps<PensionProviderOption>): JSX.Element {
  return (
    <SearchableSelect<PensionProviderOption>
      {...props}
      queryKey={referenceKeys.pensionProviders}
      loadOptions={(q, signal) => fetchPensionProviders(q, { signal })}
      staleTime={REFERENCE_STALE_TIME_MS}
      getOptionKey={(provider) => provider.id}
      getOptionLabel={(provider) => provider.providerDisplayName}
      renderOption={(provider) => (
        <OptionText
          name={provider.providerDisplayName}
          detail={namesDiffer(provider.providerDisplayName, provider.legalEntityName) ? provider.legalEntityName : null}
        />
      )}
      texts={PENSION_PROVIDER_PICKER_TEXT}
    />
  );
}
