import Type from 'typebox';
import { authErrors, ErrorBody, IdRef, Page } from './common.ts';
import {
  Adjust,
  Movement,
  MovementQuery,
  PART_PERMISSIONS as P,
  Part,
  PartInput,
  Receive,
  StockLine,
  StockQuery,
  Transfer,
  Warehouse,
  WarehouseInput,
} from './parts.ts';
import { defineRoute } from './route.ts';
import { WORK_ORDER_PERMISSIONS } from './work-orders.ts';

const tags = ['parts and stock'];
const LIST = [P.list] as const;
const EDIT = [P.edit] as const;
const MOVE = [P.move] as const;

/** The parts catalogue, warehouses, stock per holder and its movements. */
export const partsRoutes = {
  parts: defineRoute({
    method: 'GET',
    path: '/api/parts',
    summary: 'Every part with its warehouse stock and whether it is low (at or below its reorder point)',
    tags,
    permission: LIST,
    replies: { 200: Type.Array(Part), ...authErrors },
  }),
  addPart: defineRoute({
    method: 'POST',
    path: '/api/parts',
    summary: 'Add a part (a filter or a spare part)',
    tags,
    permission: EDIT,
    body: PartInput,
    replies: { 201: Part, 400: ErrorBody, ...authErrors },
  }),
  editPart: defineRoute({
    method: 'PUT',
    path: '/api/parts/:id',
    summary: 'Change a part',
    tags,
    permission: EDIT,
    params: IdRef,
    body: PartInput,
    replies: { 200: Part, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  warehouses: defineRoute({
    method: 'GET',
    path: '/api/warehouses',
    summary: 'Every warehouse',
    tags,
    permission: LIST,
    replies: { 200: Type.Array(Warehouse), ...authErrors },
  }),
  addWarehouse: defineRoute({
    method: 'POST',
    path: '/api/warehouses',
    summary: 'Add a warehouse',
    tags,
    permission: EDIT,
    body: WarehouseInput,
    replies: { 201: Warehouse, 400: ErrorBody, ...authErrors },
  }),
  editWarehouse: defineRoute({
    method: 'PUT',
    path: '/api/warehouses/:id',
    summary: 'Change a warehouse',
    tags,
    permission: EDIT,
    params: IdRef,
    body: WarehouseInput,
    replies: { 200: Warehouse, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  stock: defineRoute({
    method: 'GET',
    path: '/api/stock',
    summary: 'What each warehouse and technician holds (lines above zero)',
    tags,
    permission: LIST,
    query: StockQuery,
    replies: { 200: Type.Array(StockLine), 400: ErrorBody, ...authErrors },
  }),
  myStock: defineRoute({
    method: 'GET',
    path: '/api/stock/mine',
    summary: "The caller's own stock: the parts a technician holds",
    tags,
    permission: [WORK_ORDER_PERMISSIONS.work],
    replies: { 200: Type.Array(StockLine), ...authErrors },
  }),
  movements: defineRoute({
    method: 'GET',
    path: '/api/stock/movements',
    summary: 'Stock movements, newest first: receipts, transfers, parts used on work orders, adjustments',
    tags,
    permission: LIST,
    query: MovementQuery,
    replies: { 200: Page(Movement), 400: ErrorBody, ...authErrors },
  }),
  receive: defineRoute({
    method: 'POST',
    path: '/api/stock/receive',
    summary: 'Receive parts into a warehouse',
    tags,
    permission: MOVE,
    body: Receive,
    replies: { 201: Movement, 400: ErrorBody, ...authErrors },
  }),
  transfer: defineRoute({
    method: 'POST',
    path: '/api/stock/transfer',
    summary: 'Move parts from one holder to another; never more than the first holds (409 STOCK_SHORT)',
    tags,
    permission: MOVE,
    body: Transfer,
    replies: { 201: Movement, 400: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  adjust: defineRoute({
    method: 'POST',
    path: '/api/stock/adjust',
    summary: "Correct a holder's count with a reason; never below zero (409 STOCK_SHORT)",
    tags,
    permission: MOVE,
    body: Adjust,
    replies: { 201: Movement, 400: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
};
