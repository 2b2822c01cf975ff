import { useQuery } from '@tanstack/react-query';
import type { Adjust, PartInput, Receive, StockQuery, Transfer, WarehouseInput } from '@water/contract/parts';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { partKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/parts`: the catalogue with warehouse stock and the low marker. */
export const useParts = () => useQuery({ queryKey: partKeys.parts(), queryFn: () => callApi('GET /api/parts') });

/** `GET api/warehouses`. */
export const useWarehouses = () =>
  useQuery({ queryKey: partKeys.warehouses(), queryFn: () => callApi('GET /api/warehouses') });

/** `GET api/stock`: the lines above zero of the holders asked for. */
export const useStock = (query: StockQuery) =>
  useQuery({ queryKey: partKeys.stock(query), queryFn: () => callApi('GET /api/stock', { query }) });

/** `GET api/stock/movements`: newest first. */
export const useMovements = (params: RouteListParams<'GET /api/stock/movements'>) =>
  useQuery(pageQuery('GET /api/stock/movements', partKeys.movements(params), params));

/** The technicians stock can be given to (the work orders' list of them). */
export const useTechnicianChoices = () =>
  useQuery({ queryKey: [...partKeys.all, 'technicians'], queryFn: () => callApi('GET /api/workOrders/technicians') });

const savePart = ({ id, input }: { id?: number; input: PartInput }) =>
  id === undefined
    ? callApi('POST /api/parts', { body: input })
    : callApi('PUT /api/parts/:id', { params: { id }, body: input });
const saveWarehouse = ({ id, input }: { id?: number; input: WarehouseInput }) =>
  id === undefined
    ? callApi('POST /api/warehouses', { body: input })
    : callApi('PUT /api/warehouses/:id', { params: { id }, body: input });
const receive = (body: Receive) => callApi('POST /api/stock/receive', { body });
const transfer = (body: Transfer) => callApi('POST /api/stock/transfer', { body });
const adjust = (body: Adjust) => callApi('POST /api/stock/adjust', { body });

export const useSavePart = () => useInvalidatingMutation(savePart, [partKeys.all]);
export const useSaveWarehouse = () => useInvalidatingMutation(saveWarehouse, [partKeys.all]);
export const useReceive = () => useInvalidatingMutation(receive, [partKeys.all]);
export const useTransfer = () => useInvalidatingMutation(transfer, [partKeys.all]);
export const useAdjust = () => useInvalidatingMutation(adjust, [partKeys.all]);
