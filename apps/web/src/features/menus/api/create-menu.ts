import type { MenuInput } from '@water/contract/menus';
import { callApi } from '@/lib/call-api.ts';
import { menuKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/menus` → 201. Validation messages (unique title, link address, cycles) go to the form. */
export async function createMenu(input: MenuInput): Promise<void> {
  await callApi('POST /api/menus', { body: input }, { errorNotice: 'network' });
}

export function useCreateMenu() {
  return useInvalidatingMutation(createMenu, [menuKeys.all]);
}
