import { useMutation } from '@tanstack/react-query';
import type { UpdateEmailInput } from '@water/contract/users';
import { callApi } from '@/lib/call-api.ts';
import { refreshUser } from './refresh-user.ts';

/** `POST api/users/updateEmail/{code}` with the current password and the new address. */
export async function updateEmail(code: string, input: UpdateEmailInput): Promise<void> {
  await callApi('POST /api/users/updateEmail/:code', { params: { code }, body: input }, { errorNotice: 'network' });
}

export function useUpdateEmail() {
  return useMutation({
    mutationFn: ({ code, ...input }: UpdateEmailInput & { code: string }) => updateEmail(code, input),
    onSuccess: refreshUser,
  });
}
