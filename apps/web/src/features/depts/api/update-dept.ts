import type { DeptUpdateInput } from '@water/contract/depts';
import { callApi } from '@/lib/call-api.ts';
import { deptKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/dept` → 204. Validation messages go to the form. */
export async function updateDept(input: DeptUpdateInput): Promise<void> {
  await callApi('PUT /api/dept', { body: input }, { errorNotice: 'network' });
}

export function useUpdateDept() {
  // Pickers of other pages (users, roles) read the same department queries.
  return useInvalidatingMutation(updateDept, [deptKeys.all]);
}
