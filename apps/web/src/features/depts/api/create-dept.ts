import type { DeptCreateInput } from '@water/contract/depts';
import { callApi } from '@/lib/call-api.ts';
import { deptKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/dept` → 201. Validation messages go to the form. */
export async function createDept(input: DeptCreateInput): Promise<void> {
  await callApi('POST /api/dept', { body: input }, { errorNotice: 'network' });
}

export function useCreateDept() {
  // Pickers of other pages (users, roles) read the same department queries.
  return useInvalidatingMutation(createDept, [deptKeys.all]);
}
