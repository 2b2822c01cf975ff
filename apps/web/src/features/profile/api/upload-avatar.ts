import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { refreshUser } from './refresh-user.ts';

/** `POST api/users/updateAvatar`, multipart field `avatar` → the stored name, served at `/avatar/<name>`. */
export function uploadAvatar(image: Blob, fileName: string) {
  const body = new FormData();
  body.append('avatar', image, fileName);
  // No JSON type (the client's default): the browser sets multipart with its boundary.
  return callApi('POST /api/users/updateAvatar', { body }, { headers: { 'Content-Type': null } });
}

export function useUploadAvatar() {
  return useMutation({
    mutationFn: ({ image, fileName }: { image: Blob; fileName: string }) => uploadAvatar(image, fileName),
    onSuccess: refreshUser,
  });
}
