import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { ledgerKeys } from '@/lib/query-keys.ts';

/** `GET api/ledger/trial-balance`: each type of account's balance, and their sum. */
export const useTrialBalance = () =>
  useQuery({ queryKey: ledgerKeys.trialBalance(), queryFn: () => callApi('GET /api/ledger/trial-balance') });
