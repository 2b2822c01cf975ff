import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MenuInput } from '@water/contract/menus';
import { apiClient } from '@/lib/api-client.ts';

/** `PUT api/menus` → 204. Validation messages (unique title, link address, cycles) go to the form. */
export async function updateMenu(input: MenuInput): Promise<void> {
  await apiClient.put('api/menus', input, { errorNotice: 'network' });
}

export function useUpdateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMenu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['menus'] }),
  });
}
