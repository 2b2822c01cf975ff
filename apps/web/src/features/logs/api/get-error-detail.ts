import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { logKeys } from '@/lib/query-keys.ts';

/** `GET api/logs/error/:id`: what went wrong in one failed operation. */
export async function fetchErrorDetail(id: number): Promise<string | null> {
  const { exception } = await callApi('GET /api/logs/error/:id', { params: { id } });
  return exception;
}

export function useErrorDetail(id: number | undefined) {
  return useQuery({
    queryKey: logKeys.errorDetail(id ?? 0),
    queryFn: () => fetchErrorDetail(id as number),
    enabled: id !== undefined,
  });
}
