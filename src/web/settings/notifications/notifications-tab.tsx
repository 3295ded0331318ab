import { useId } from 'react';
import { notify } from '../../app/notify.ts';
import { Label } from '../../ui/label.tsx';
import { Switch } from '../../ui/switch.tsx';
import { type UserSettings, useUpdateSettings, useUserSettings } from '../api.ts';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { SettingsSection } from '../settings-section.tsx';
import { DigestSection } from './digest-section.tsx';

type Preference = 'notificationsEnabled' | 'loginNotificationsEnabled';

const PREFERENCES: { key: Preference; label: string; description: string; on: string; off: string }[] = [
  {
    key: 'notificationsEnabled',
    label: 'Account notifications',
    description:
      'Alerts about your money: interest payments due, balances near the protection limit, fixed terms and ISA deadlines.',
    on: 'Account notifications turned on',
    off: 'Account notifications turned off',
  },
  {
    key: 'loginNotificationsEnabled',
    label: 'Sign-in alerts',
    description:
      "An email when your account is signed in to from a device we haven't seen before, so you can act if it wasn't you.",
    on: 'Sign-in alerts turned on',
    off: 'Sign-in alerts turned off',
  },
];

function PreferenceRow({
  preference,
  settings,
  onChange,
}: {
  preference: (typeof PREFERENCES)[number];
  settings: UserSettings;
  onChange: (key: Preference, value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="grid gap-1">
        <Label htmlFor={id}>{preference.label}</Label>
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          {preference.description}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-help`}
        checked={settings[preference.key]}
        onCheckedChange={(value) => onChange(preference.key, value)}
      />
    </div>
  );
}

/** `user_settings.notifications_enabled` and `login_notifications_enabled` (002 §3). */
export function NotificationsTab() {
  const settings = useUserSettings();
  const update = useUpdateSettings();

  const change = (key: Preference, value: boolean) => {
    const preference = PREFERENCES.find((p) => p.key === key)!;
    update.mutate(
      { [key]: value },
      {
        onSuccess: () => notify.success(value ? preference.on : preference.off),
        onError: (error) => notify.error(error.message),
      },
    );
  };

  return (
    <div className="grid gap-6">
      <SettingsSection title="Email notifications" description={`We send these to your sign-in address.`}>
        {settings.data ? (
          <div className="divide-y">
            {PREFERENCES.map((preference) => (
              <PreferenceRow key={preference.key} preference={preference} settings={settings.data} onChange={change} />
            ))}
          </div>
        ) : settings.isError ? (
          <SectionLoadError
            message="Your settings could not be loaded."
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          <SectionSkeleton rows={2} label="Loading your notification settings" />
        )}
      </SettingsSection>
      <DigestSection />
    </div>
  );
}
