import { useMutation } from '@tanstack/react-query';
import type { UserCenterInput } from '@water/contract/users';
import { callApi } from '@/lib/call-api.ts';
import { refreshUser } from './refresh-user.ts';

/** `PUT api/users/center` → 204: one's own nickname, gender and phone. */
export async function updateProfile(input: UserCenterInput): Promise<void> {
  await callApi('PUT /api/users/center', { body: input }, { errorNotice: 'network' });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: refreshUser });
}
