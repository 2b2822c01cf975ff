import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A change to the server whose success makes every cached query under `keys` fetch again; it answers what the server did. */
export function useInvalidatingMutation<TInput, TResult = unknown>(
  mutationFn: (input: TInput) => Promise<TResult>,
  keys: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
