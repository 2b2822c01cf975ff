import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { paymentChannelKeys } from '@/lib/query-keys.ts';

/** `GET api/payments/channels`: each channel's driver and settings, its keys only as set or not. */
export function getPaymentChannels() {
  return callApi('GET /api/payments/channels');
}

export function usePaymentChannels(enabled: boolean) {
  return useQuery({ queryKey: paymentChannelKeys.stored(), queryFn: getPaymentChannels, enabled });
}
