import type { JSX } from 'react';
import { SearchableSelect, type SearchableSelectTexts } from '../ui/searchable-select.tsx';
import { fetchIsaProviders, REFERENCE_STALE_TIME_MS, referenceKeys } from './api.ts';
import { namesDiffer, OptionText, type ReferencePickerProps } from './picker-parts.tsx';
import type { IsaProviderOption, IsaType } from './types.ts';

/** The spec's ISA provider picker texts (001 §2 ISA Details card, §8 messages). */
export const ISA_PROVIDER_PICKER_TEXT = {
  placeholder: 'Select ISA provider...',
  search: 'Search ISA providers...',
  loading: 'Loading providers...',
  empty: 'No ISA providers found.',
  failed: (message: string) => `Failed to load providers: ${message}`,
} as const satisfies SearchableSelectTexts;

/** The firm behind a provider's trading name, when the name does not already say it. */
export function isaProviderLegalEntity(provider: IsaProviderOption): string | null {
  if (!namesDiffer(provider.platformName, provider.legalName)) return null;
  return provider.fcaReference ? `${provider.legalName} · FRN ${provider.fcaReference}` : provider.legalName;
}

export interface IsaProviderPickerProps extends ReferencePickerProps<IsaProviderOption> {
  /** Only providers offering this type of ISA. */
  isaType?: IsaType;
}

/** Searchable ISA manager picker (active providers, at most 10 per search: the server's limit). */
export function IsaProviderPicker({ isaType, ...props }: IsaProviderPickerProps): JSX.Element {
  return (
    <SearchableSelect<IsaProviderOption>
      {...props}
      queryKey={(q) => referenceKeys.isaProviders(q, isaType)}
      loadOptions={(q, signal) => fetchIsaProviders(q, { isaType, signal })}
      staleTime={REFERENCE_STALE_TIME_MS}
      getOptionKey={(provider) => provider.id}
      getOptionLabel={(provider) => provider.platformName}
      renderOption={(provider) => (
        <OptionText
          name={provider.platformName}
          detail={isaProviderLegalEntity(provider)}
          note={provider.fscsCategory === 'government_backed' ? 'HM Treasury backed' : null}
        />
      )}
      texts={ISA_PROVIDER_PICKER_TEXT}
    />
  );
}
