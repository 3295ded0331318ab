import { ImageUp, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { notify } from '../../app/notify.ts';
import { displayName } from '../../../core/profile/display-name.ts';
import type { Me } from '../../app/api.ts';
import { UserAvatar } from '../../app/shell/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { useAvatarMutations } from '../api.ts';
import { SettingsSection } from '../settings-section.tsx';

/** Mirrors the server's limit, to say so before sending 5 MB for nothing. */
const MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'Upload failed: the image must be 5 MB or smaller';

/** The profile photo: shown in the header menu; upload replaces it, remove goes back to initials. */
export function AvatarCard({ me }: { me: Me }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, remove } = useAvatarMutations();
  const busy = upload.isPending || remove.isPending;
  const name = displayName({ firstName: me.profile.firstName, lastName: me.profile.lastName, email: me.user.email });

  const onFile = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (file && file.size > MAX_BYTES) {
      notify.error(AVATAR_TOO_LARGE);
      return;
    }
    upload.mutate(
      { userId: me.user.id, file },
      {
        onSuccess: () => notify.success('Profile photo updated'),
        onError: (error) => notify.error(error.message),
      },
    );
  };

  return (
    <SettingsSection
      title="Profile photo"
      description="Shown in the menu at the top of every page. PNG, JPEG, WebP or GIF, up to 5 MB."
    >
      <div className="flex flex-wrap items-center gap-5">
        <UserAvatar me={me} className="size-20 text-2xl" />
        <div className="grid min-w-0 gap-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{name}</p>
            {name !== me.user.email ? <p className="truncate text-sm text-muted-foreground">{me.user.email}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <input
              ref={inputRef}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="hidden"
              data-testid="avatar-file"
              onChange={(event) => onFile(event.target.files?.[0])}
            />
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => inputRef.current?.click()}>
              <ImageUp aria-hidden />
              {upload.isPending ? 'Uploading...' : me.profile.avatarUrl ? 'Change photo' : 'Upload photo'}
            </Button>
            {me.profile.avatarUrl ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => notify.success('Profile photo removed'),
                    onError: (error) => notify.error(error.message),
                  })
                }
              >
                <Trash2 aria-hidden />
                {remove.isPending ? 'Removing...' : 'Remove photo'}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </SettingsSection>
  );
}
