import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MenuInput } from '@water/contract/menus';
import { apiClient } from '@/lib/api-client.ts';

/** `POST api/menus` → 201. Validation messages (unique title, link address, cycles) go to the form. */
export async function createMenu(input: MenuInput): Promise<void> {
  await apiClient.post('api/menus', input, { errorNotice: 'network' });
}

export function useCreateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMenu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['menus'] }),
  });
}
