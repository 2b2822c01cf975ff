import { callApi } from '@/lib/call-api.ts';
import { exportKeys, taskKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/tasks/{id}/retry`: a failed task queued again. */
const retryTask = (id: number) => callApi('POST /api/tasks/:id/retry', { params: { id } });

export const useRetryTask = () => useInvalidatingMutation(retryTask, [taskKeys.all, exportKeys.all]);
