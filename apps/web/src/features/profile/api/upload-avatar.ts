import { useMutation } from '@tanstack/react-query';
import type { AvatarResponse } from '@water/contract/users';
import { apiClient } from '@/lib/api-client.ts';
import { refreshUser } from './refresh-user.ts';

/** `POST api/users/updateAvatar`, multipart field `avatar` → the stored name, served at `/avatar/<name>`. */
export async function uploadAvatar(image: Blob, fileName: string): Promise<AvatarResponse> {
  const body = new FormData();
  body.append('avatar', image, fileName);
  // No JSON type (the client's default): the browser sets multipart with its boundary.
  const { data } = await apiClient.post<AvatarResponse>('api/users/updateAvatar', body, {
    headers: { 'Content-Type': null },
  });
  return data;
}

export function useUploadAvatar() {
  return useMutation({
    mutationFn: ({ image, fileName }: { image: Blob; fileName: string }) => uploadAvatar(image, fileName),
    onSuccess: refreshUser,
  });
}
