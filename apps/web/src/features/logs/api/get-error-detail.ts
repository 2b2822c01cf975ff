import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { logKeys } from '@/lib/query-keys.ts';

/** `GET api/logs/error/:id`: what went wrong in one failed operation. */
export async function fetchErrorDetail(id: number): Promise<string | null> {
  const { data } = await apiClient.get<{ exception: string | null }>(`api/logs/error/${id}`);
  return data.exception;
}

export function useErrorDetail(id: number | undefined) {
  return useQuery({
    queryKey: logKeys.errorDetail(id ?? 0),
    queryFn: () => fetchErrorDetail(id as number),
    enabled: id !== undefined,
  });
}
