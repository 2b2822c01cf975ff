import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { alarmKeys } from '@/lib/query-keys.ts';

/** `GET api/alarms/:id/reports`: the consumers' reports an alarm gathers. */
export const useAlarmReports = (id: number) =>
  useQuery({
    queryKey: [...alarmKeys.all, 'reports', id],
    queryFn: () => callApi('GET /api/alarms/:id/reports', { params: { id } }),
  });

/** A report's photo, as an address the page may show (the answer needs the user's token). */
export async function reportPhoto(id: number, reportNo: string): Promise<string> {
  const blob = await callApi(
    'GET /api/alarms/:id/reports/:reportNo/photo',
    { params: { id, reportNo } },
    { responseType: 'blob' },
  );
  return URL.createObjectURL(blob);
}
