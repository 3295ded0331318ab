import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../test/api-mock.ts';
import { AVATAR_MESSAGES, uploadAvatar } from './api.ts';

describe('uploadAvatar', () => {
  it("needs a user id and a file, with the spec's messages", async () => {
    await expect(uploadAvatar(null, new File(['x'], 'a.png'))).rejects.toThrow('User ID is required for avatar upload');
    await expect(uploadAvatar('user-1', null)).rejects.toThrow('No file provided for upload');
  });

  it("says 'Failed to get public URL for uploaded avatar' when the answer has no URL", async () => {
    mockApi({ 'POST /api/profile/avatar': json(200, {}) });
    await expect(uploadAvatar('user-1', new File(['x'], 'a.png'))).rejects.toThrow(AVATAR_MESSAGES.noUrl);
  });

  it("prefixes other failures with 'Upload failed:'", async () => {
    mockApi({ 'POST /api/profile/avatar': json(500, { error: { code: 'INTERNAL', message: 'disk full' } }) });
    await expect(uploadAvatar('user-1', new File(['x'], 'a.png'))).rejects.toThrow('Upload failed: disk full');
  });
});
