import { Laptop, Moon, Sun } from 'lucide-react';
import { notify } from '../../app/notify.ts';
import { THEME_LABELS } from '../../app/shell/theme-toggle.tsx';
import { type Theme, useTheme } from '../../app/theme.tsx';
import { type Choice, ChoiceCards } from '../../ui/choice-cards.tsx';
import { useUpdateSettings } from '../api.ts';
import { SettingsSection } from '../settings-section.tsx';

const CHOICES: readonly Choice<Theme>[] = [
  { value: 'light', label: THEME_LABELS.light, icon: Sun },
  { value: 'dark', label: THEME_LABELS.dark, icon: Moon },
  { value: 'system', label: THEME_LABELS.system, description: 'Follows your device', icon: Laptop },
];

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/**
 * Light, dark or the device's choice. The choice lives in this browser (`ui-theme`); whether
 * the account looks dark is mirrored to `user_settings.dark_mode_enabled`.
 */
export function AppearanceSection() {
  const { theme, setTheme } = useTheme();
  const update = useUpdateSettings();

  const choose = (next: Theme) => {
    setTheme(next);
    const darkModeEnabled = next === 'dark' || (next === 'system' && systemPrefersDark());
    update.mutate({ darkModeEnabled }, { onError: (error) => notify.error(error.message) });
  };

  return (
    <SettingsSection title="Appearance" description="How SavvyPig looks on this device.">
      <ChoiceCards label="Colour theme" value={theme} choices={CHOICES} onChange={choose} />
    </SettingsSection>
  );
}
