import type { MenuInput } from '@water/contract/menus';
import { callApi } from '@/lib/call-api.ts';
import { menuKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/menus` → 204. Validation messages (unique title, link address, cycles) go to the form. */
export async function updateMenu(input: MenuInput): Promise<void> {
  await callApi('PUT /api/menus', { body: input }, { errorNotice: 'network' });
}

export function useUpdateMenu() {
  return useInvalidatingMutation(updateMenu, [menuKeys.all]);
}
