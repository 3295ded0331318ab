import type { ReactNode } from 'react';
import { notify } from '../../app/notify.ts';
import { type Choice, ChoiceCards } from '../../ui/choice-cards.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { type SettingsUpdate, type UserSettings, useUpdateSettings, useUserSettings } from '../api.ts';
import { SettingsSection } from '../settings-section.tsx';

/**
 * One preference of `user_settings` chosen from cards, saved as soon as it is chosen, with the
 * settings' loading and failed states (the currency, the income tax band).
 */
export function PreferenceChoiceSection<T extends string>({
  title,
  description,
  choices,
  chosenIn,
  updateOf,
  savedMessage,
  loadingLabel,
  onSaved,
}: {
  title: string;
  description: ReactNode;
  choices: readonly Choice<T>[];
  chosenIn: (settings: UserSettings) => T | undefined;
  updateOf: (value: T) => SettingsUpdate;
  savedMessage: string;
  loadingLabel: string;
  onSaved?: () => void;
}) {
  const settings = useUserSettings();
  const update = useUpdateSettings();
  return (
    <SettingsSection title={title} description={description}>
      {settings.data ? (
        <ChoiceCards
          label={title}
          value={chosenIn(settings.data)}
          choices={choices}
          onChange={(value) =>
            update.mutate(updateOf(value), {
              onSuccess: () => {
                onSaved?.();
                notify.success(savedMessage);
              },
              onError: (error) => notify.error(error.message),
            })
          }
        />
      ) : settings.isError ? (
        <SectionLoadError
          message="Your settings could not be loaded."
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <SectionSkeleton rows={1} label={loadingLabel} />
      )}
    </SettingsSection>
  );
}
