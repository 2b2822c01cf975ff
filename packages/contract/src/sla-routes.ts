import Type from 'typebox';
import { authErrors, Empty, ErrorBody, Id } from './common.ts';
import { XlsxFile } from './crud-routes.ts';
import { defineRoute } from './route.ts';
import { SLA_PERMISSIONS as P, SlaReportQuery, SlaReportRow, SlaSettings, WorkOrderSla } from './sla.ts';
import { WORK_ORDER_PERMISSIONS } from './work-orders.ts';

const tags = ['sla'];

/** SLA targets and attainment, for staff who hold sla:list / sla:edit; an order's clocks for its readers. */
export const slaRoutes = {
  report: defineRoute({
    method: 'GET',
    path: '/api/sla/report',
    summary: 'SLA attainment of the orders created in a range of days, per technician, region (site) or agent',
    tags,
    permission: [P.list],
    query: SlaReportQuery,
    replies: { 200: Type.Array(SlaReportRow), 400: ErrorBody, ...authErrors },
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/sla/report/download',
    summary: 'Export the SLA report as an Excel workbook',
    tags,
    permission: [P.list],
    query: SlaReportQuery,
    replies: { 200: XlsxFile, 400: ErrorBody, ...authErrors },
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/sla/targets',
    summary: 'The SLA targets of every work-order type and priority, and the business hours',
    tags,
    permission: [P.list],
    replies: { 200: SlaSettings, ...authErrors },
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/api/sla/targets',
    summary: 'Change SLA targets (those named) and the business hours',
    tags,
    permission: [P.edit],
    body: SlaSettings,
    replies: { 204: Empty, 400: ErrorBody, ...authErrors },
  }),
  order: defineRoute({
    method: 'GET',
    path: '/api/workOrders/:id/sla',
    summary: 'A work order’s SLA clocks: due times, time counted, paused, breached',
    tags,
    permission: [WORK_ORDER_PERMISSIONS.list, WORK_ORDER_PERMISSIONS.work],
    params: Type.Object({ id: Id() }),
    replies: { 200: WorkOrderSla, 404: ErrorBody, ...authErrors },
  }),
};
