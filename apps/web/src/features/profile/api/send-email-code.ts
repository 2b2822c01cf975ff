import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';

/** `POST api/code/email/resetEmail?email=`: sends a verification code to the new address (once a minute at most). */
export async function sendEmailCode(email: string): Promise<void> {
  await callApi('POST /api/code/email/resetEmail', { query: { email } }, { errorNotice: 'network' });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
