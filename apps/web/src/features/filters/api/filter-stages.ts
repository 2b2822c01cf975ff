import { useQuery } from '@tanstack/react-query';
import type { FilterStages } from '@water/contract/filters';
import { callApi } from '@/lib/call-api.ts';
import { filterKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/filters/models/:id/stages`: a model's stages in order. */
export const useModelStages = (modelId: number | undefined) =>
  useQuery({
    queryKey: filterKeys.stages(modelId ?? 0),
    queryFn: () => callApi('GET /api/filters/models/:id/stages', { params: { id: modelId as number } }),
    enabled: modelId !== undefined,
  });

const save = ({ modelId, ...body }: FilterStages & { modelId: number }) =>
  callApi('PUT /api/filters/models/:id/stages', { params: { id: modelId }, body });

export const useSaveStages = () => useInvalidatingMutation(save, [filterKeys.all]);
