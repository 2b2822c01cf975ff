import { useQuery } from '@tanstack/react-query';
import type { Task } from '@water/contract/tasks';
import { callApi } from '@/lib/call-api.ts';
import { taskKeys } from '@/lib/query-keys.ts';

/** While one of these is under way, the list is asked again every 2 seconds. */
export const isUnderWay = (task: Task) => task.state === 'QUEUED' || task.state === 'RUNNING';

/** `GET api/tasks`: the user's background tasks, newest first; polled while one is under way. */
export function useMyTasks() {
  return useQuery({
    queryKey: taskKeys.all,
    queryFn: () => callApi('GET /api/tasks'),
    refetchInterval: (query) => (query.state.data?.some(isUnderWay) ? 2000 : false),
  });
}
