import { useQuery } from '@tanstack/react-query';
import type { LedgerPeriod } from '@water/contract/ledger';
import { callApi } from '@/lib/call-api.ts';
import { ledgerKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/ledger/periods`: the periods closed, the latest first, as one page of a list. */
export const useLedgerPeriods = () =>
  useQuery({
    queryKey: ledgerKeys.periods(),
    queryFn: () => callApi('GET /api/ledger/periods'),
    select: (periods) => ({ content: periods, totalElements: periods.length }),
  });

/** The server's refusals (not over, out of order, open discrepancies) are the dialog's to show. */
const closePeriod = (period: string): Promise<LedgerPeriod> =>
  callApi('POST /api/ledger/periods', { body: { period } }, { errorNotice: 'network' });

/** `POST api/ledger/periods`: closes a day or a month; everything of the ledger reads again. */
export const useClosePeriod = () => useInvalidatingMutation(closePeriod, [ledgerKeys.all]);
