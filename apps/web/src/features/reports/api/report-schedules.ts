import { useQuery } from '@tanstack/react-query';
import type { ReportScheduleInput } from '@water/contract/reports';
import { callApi } from '@/lib/call-api.ts';
import { reportKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/reports/schedules`: the scheduled reports the user keeps. */
export const useReportSchedules = () =>
  useQuery({ queryKey: reportKeys.schedules(), queryFn: () => callApi('GET /api/reports/schedules') });

const saveSchedule = (input: ReportScheduleInput) =>
  input.id === undefined
    ? callApi('POST /api/reports/schedules', { body: input })
    : callApi('PUT /api/reports/schedules', { body: input });

/** `POST` or `PUT api/reports/schedules`: adds a scheduled report, or changes one (with its id). */
export const useSaveReportSchedule = () => useInvalidatingMutation(saveSchedule, [reportKeys.schedules()]);

const deleteSchedule = (id: number) => callApi('DELETE /api/reports/schedules', { body: [id] });

/** `DELETE api/reports/schedules`: a scheduled report, deleted. */
export const useDeleteReportSchedule = () => useInvalidatingMutation(deleteSchedule, [reportKeys.schedules()]);
