import type { PaymentChannelSettingsInput } from '@water/contract/payments';
import { callApi } from '@/lib/call-api.ts';
import { paymentChannelKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/payments/channels` → 204; validation messages go to the form. */
export async function savePaymentChannels(settings: PaymentChannelSettingsInput): Promise<void> {
  await callApi('PUT /api/payments/channels', { body: settings }, { errorNotice: 'network' });
}

export function useSavePaymentChannels() {
  return useInvalidatingMutation(savePaymentChannels, [paymentChannelKeys.all]);
}
