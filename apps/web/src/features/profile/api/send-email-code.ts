import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `POST api/code/email/resetEmail?email=`: sends a verification code to the new address (once a minute at most). */
export async function sendEmailCode(email: string): Promise<void> {
  await apiClient.post('api/code/email/resetEmail', null, { params: { email }, errorNotice: 'network' });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
