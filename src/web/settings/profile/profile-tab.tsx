import { useMe } from '../../app/api.ts';
import { useProfile } from '../api.ts';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { SettingsSection } from '../settings-section.tsx';
import { AvatarCard } from './avatar-card.tsx';
import { ProfileForm } from './profile-form.tsx';

export function ProfileTab() {
  const { data: me } = useMe();
  const profile = useProfile();
  return (
    <div className="grid gap-6">
      {me ? <AvatarCard me={me} /> : null}
      {profile.data ? (
        <ProfileForm profile={profile.data} />
      ) : (
        <SettingsSection title="Personal details">
          {profile.isError ? (
            <SectionLoadError
              message="Your profile could not be loaded."
              onRetry={() => void profile.refetch()}
              retrying={profile.isFetching}
            />
          ) : (
            <SectionSkeleton rows={6} label="Loading your profile" />
          )}
        </SettingsSection>
      )}
    </div>
  );
}
