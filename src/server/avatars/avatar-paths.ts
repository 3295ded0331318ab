/** The storage bucket avatars live in (the spec's `avatars` bucket). */
export const AVATAR_BUCKET = 'avatars';

/** Where an avatar's bytes are served; the profile's `avatar_url` holds this path. */
export function avatarUrl(storagePath: string): string {
  return `/api/avatars/${storagePath}`;
}
