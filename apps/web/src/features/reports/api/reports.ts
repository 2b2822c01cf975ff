import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportFileInput, ReportQuery } from '@water/contract/reports';
import { callApi } from '@/lib/call-api.ts';
import { reportKeys, taskKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/reports`: the figures of a range per group, with totals and a series. */
export const useReport = (query: ReportQuery) =>
  useQuery({
    queryKey: reportKeys.figures(query),
    queryFn: () => callApi('GET /api/reports', { query }),
    placeholderData: keepPreviousData,
  });

const makeFile = (body: ReportFileInput) => callApi('POST /api/reports/files', { body });

/** `POST api/reports/files`: a report's file, made in the background (the jobs drawer shows it). */
export const useMakeReportFile = () => useInvalidatingMutation(makeFile, [taskKeys.all]);
