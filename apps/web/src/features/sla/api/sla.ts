import { useQuery } from '@tanstack/react-query';
import type { SlaReportQuery, SlaSettings } from '@water/contract/sla';
import { callApi } from '@/lib/call-api.ts';
import { slaKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/sla/report`: attainment of the orders created in the range, grouped. */
export const useSlaReport = (query: SlaReportQuery) =>
  useQuery({ queryKey: slaKeys.report(query), queryFn: () => callApi('GET /api/sla/report', { query }) });

/** `GET api/sla/targets`: every type × priority's targets and the business hours. */
export const useSlaSettings = () =>
  useQuery({ queryKey: slaKeys.settings(), queryFn: () => callApi('GET /api/sla/targets') });

const saveSettings = (body: SlaSettings) => callApi('PUT /api/sla/targets', { body });

export const useSaveSlaSettings = () => useInvalidatingMutation(saveSettings, [slaKeys.all]);
