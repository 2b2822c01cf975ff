import { useQuery } from '@tanstack/react-query';
import type { TelemetryRange } from '@water/contract/telemetry';
import { callApi } from '@/lib/call-api.ts';
import { machineKeys } from '@/lib/query-keys.ts';

/** `GET api/machines/{id}/telemetry`: its readings over 24 hours, 7 or 90 days; kept fresh while shown. */
export const useMachineTelemetry = (id: number, range: TelemetryRange) =>
  useQuery({
    queryKey: machineKeys.telemetry(id, range),
    queryFn: () => callApi('GET /api/machines/:id/telemetry', { params: { id }, query: { range } }),
    refetchInterval: range === '24h' ? 60_000 : false,
  });
