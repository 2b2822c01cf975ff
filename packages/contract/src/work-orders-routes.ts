import Type from 'typebox';
import { authErrors, Empty, ErrorBody, Id, Page } from './common.ts';
import { listRoutes, withoutPaging } from './crud-routes.ts';
import { defineRoute, FileReply } from './route.ts';
import {
  MachineAtHand,
  MachineServiced,
  WORK_ORDER_PERMISSIONS as P,
  PhotoStored,
  StickerCode,
  Technician,
  TechnicianRegionInput,
  WorkOrder,
  WorkOrderCompletion,
  WorkOrderDetail,
  WorkOrderInput,
  WorkOrderMove,
  WorkOrderQuery,
  WorkOrdersCreated,
} from './work-orders.ts';

const tags = ['work orders'];
const ById = Type.Object({ id: Id() });
/** Staff see the orders of their data scope; a technician their own. */
const readers = [P.list, P.work] as const;

export const workOrderRoutes = {
  ...listRoutes({
    path: '/api/workOrders',
    tags,
    summaries: {
      list: 'Work orders: staff see those of their data scope, a technician those assigned to them',
      export: 'Export work orders as an Excel workbook',
    },
    permissions: { list: readers },
    schemas: { query: WorkOrderQuery, page: Page(WorkOrder), filter: withoutPaging(WorkOrderQuery) },
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/workOrders/:id',
    summary: 'A work order with its timeline and completion',
    tags,
    permission: readers,
    params: ById,
    replies: { 200: WorkOrderDetail, 404: ErrorBody, ...authErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/workOrders',
    summary: 'Create the same work order for one or more machines, assigned to a technician or by region',
    tags,
    permission: [P.add],
    body: WorkOrderInput,
    replies: { 201: WorkOrdersCreated, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  move: defineRoute({
    method: 'PUT',
    path: '/api/workOrders/:id/state',
    summary: 'Assign, accept, start, hold, resume, cancel or reopen a work order',
    tags,
    permission: [P.assign, P.edit, P.work],
    params: ById,
    body: WorkOrderMove,
    replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  complete: defineRoute({
    method: 'PUT',
    path: '/api/workOrders/:id/completion',
    summary: 'Complete a work order: its check-list, photos, TDS readings, parts used and a note',
    tags,
    permission: [P.work],
    params: ById,
    body: WorkOrderCompletion,
    replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  uploadPhoto: defineRoute({
    method: 'POST',
    path: '/api/workOrders/:id/photos',
    summary: 'Upload a photo of a work order (multipart field "file": png, jpeg or gif)',
    tags,
    permission: [P.work],
    params: ById,
    upload: 'file',
    replies: { 201: PhotoStored, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, ...authErrors },
  }),
  photo: defineRoute({
    method: 'GET',
    path: '/api/workOrders/:id/photos/:name',
    summary: 'A photo of a work order',
    tags,
    permission: readers,
    params: Type.Object({ id: Id(), name: Type.String({ maxLength: 64 }) }),
    replies: { 200: FileReply(['image/png', 'image/jpeg', 'image/gif']), 404: ErrorBody, ...authErrors },
  }),
  technicians: defineRoute({
    method: 'GET',
    path: '/api/workOrders/technicians',
    summary: 'The technicians (users who may work orders), their regions and open orders',
    tags,
    permission: [P.list, P.assign],
    replies: { 200: Type.Array(Technician), ...authErrors },
  }),
  setRegion: defineRoute({
    method: 'PUT',
    path: '/api/workOrders/technicians/:id/region',
    summary: 'Set the region of a technician: an agent, or a set of sites',
    tags,
    permission: [P.assign],
    params: ById,
    body: TechnicianRegionInput,
    replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  atMachine: defineRoute({
    method: 'GET',
    path: '/api/workOrders/sticker/:code',
    summary: 'The machine of a sticker code, with its open orders: a technician finds machines of their region',
    tags,
    permission: readers,
    params: Type.Object({ code: StickerCode }),
    replies: { 200: MachineAtHand, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  lastServiced: defineRoute({
    method: 'GET',
    path: '/api/workOrders/machines/:id/serviced',
    summary: 'When a machine was last serviced: the done time of its last work order done',
    tags,
    permission: readers,
    params: ById,
    replies: { 200: MachineServiced, 404: ErrorBody, ...authErrors },
  }),
};
