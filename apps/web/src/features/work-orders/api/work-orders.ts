import { useQuery } from '@tanstack/react-query';
import type {
  TechnicianRegionInput,
  WorkOrderCompletion,
  WorkOrderInput,
  WorkOrderMove,
} from '@water/contract/work-orders';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi, type ListFilters } from '@/lib/call-api.ts';
import { workOrderKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/workOrders`: staff see those of their reach, a technician their own. */
export const useWorkOrders = (params: RouteListParams<'GET /api/workOrders'>) =>
  useQuery(pageQuery('GET /api/workOrders', workOrderKeys.list(params), params));

/** The orders a board shows: the newest 200 of the filter. */
export const useWorkOrderBoard = (filters: ListFilters<'GET /api/workOrders'>) =>
  useQuery({
    queryKey: workOrderKeys.board(filters),
    queryFn: () => callApi('GET /api/workOrders', { query: { ...filters, page: 0, size: 200 } }),
  });

/** `GET api/workOrders/:id`: one order with its timeline and completion. */
export const useWorkOrder = (id: number | undefined) =>
  useQuery({
    queryKey: workOrderKeys.order(id ?? 0),
    queryFn: () => callApi('GET /api/workOrders/:id', { params: { id: id as number } }, { errorNotice: 'network' }),
    enabled: id !== undefined,
  });

/** `GET api/workOrders/sticker/:code`: the machine a technician stands at, with its open orders. */
export const useMachineAtHand = (code: string | null) =>
  useQuery({
    queryKey: workOrderKeys.sticker(code ?? ''),
    queryFn: () =>
      callApi('GET /api/workOrders/sticker/:code', { params: { code: code as string } }, { errorNotice: 'network' }),
    enabled: code !== null,
    retry: false,
  });

export const useTechnicians = (enabled = true) =>
  useQuery({
    queryKey: workOrderKeys.technicians(),
    queryFn: () => callApi('GET /api/workOrders/technicians'),
    enabled,
  });

const create = (input: WorkOrderInput) => callApi('POST /api/workOrders', { body: input });
const move = ({ id, ...body }: WorkOrderMove & { id: number }) =>
  callApi('PUT /api/workOrders/:id/state', { params: { id }, body }, { errorNotice: 'network' });
const complete = ({ id, ...body }: WorkOrderCompletion & { id: number }) =>
  callApi('PUT /api/workOrders/:id/completion', { params: { id }, body }, { errorNotice: 'network' });
const setRegion = ({ userId, ...body }: TechnicianRegionInput & { userId: number }) =>
  callApi('PUT /api/workOrders/technicians/:id/region', { params: { id: userId }, body });

export const useCreateWorkOrders = () => useInvalidatingMutation(create, [workOrderKeys.all]);
export const useMoveWorkOrder = () => useInvalidatingMutation(move, [workOrderKeys.all]);
export const useCompleteWorkOrder = () => useInvalidatingMutation(complete, [workOrderKeys.all]);
export const useSetRegion = () => useInvalidatingMutation(setRegion, [workOrderKeys.all]);

/** Uploads a photo taken on an order; answers its stored name. Its failures are the caller's to tell. */
export async function uploadWorkOrderPhoto(id: number, file: Blob, filename: string): Promise<string> {
  const body = new FormData();
  body.append('file', file, filename);
  const { name } = await callApi(
    'POST /api/workOrders/:id/photos',
    { params: { id }, body },
    // No JSON type (the client's default): the browser sets multipart with its boundary.
    { headers: { 'Content-Type': null }, errorNotice: 'none' },
  );
  return name;
}

/** A photo of an order, as an address the page may show (the answer needs the user's token). */
export async function workOrderPhoto(id: number, name: string): Promise<string> {
  const blob = await callApi(
    'GET /api/workOrders/:id/photos/:name',
    { params: { id, name } },
    { responseType: 'blob' },
  );
  return URL.createObjectURL(blob);
}
