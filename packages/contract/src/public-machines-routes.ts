import Type from 'typebox';
import { ALARM_PERMISSIONS } from './alarms.ts';
import { authErrors, ErrorBody, Id } from './common.ts';
import { DEVICE_PERMISSIONS } from './machines.ts';
import { ORDER_PERMISSIONS } from './orders.ts';
import {
  ConsumerReport,
  ConsumerReportAnswer,
  ConsumerReportInput,
  OrderReport,
  PublicMachine,
  StickerCodeParams,
} from './public-machines.ts';
import { defineRoute, FileReply } from './route.ts';

const tags = ['consumer'];

/** The consumer's page behind a machine's sticker: public, rate-limited per address and per machine. */
export const publicMachineRoutes = {
  machine: defineRoute({
    method: 'GET',
    path: '/api/public/machines/:code',
    summary: 'What a consumer reads of a machine by its sticker code: selling, prices, water quality, service phone',
    tags,
    permission: 'public',
    security: [],
    params: StickerCodeParams,
    replies: { 200: PublicMachine, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }),
  report: defineRoute({
    method: 'POST',
    path: '/api/public/machines/:code/reports',
    summary: 'Report a problem with a machine (becomes an alarm of the machine, and a repair order)',
    tags,
    permission: 'public',
    security: [],
    params: StickerCodeParams,
    body: ConsumerReportInput,
    replies: { 201: ConsumerReportAnswer, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 429: ErrorBody },
  }),
};

/** What staff read of consumers' reports, under an alarm. */
export const consumerReportRoutes = {
  ofAlarm: defineRoute({
    method: 'GET',
    path: '/api/alarms/:id/reports',
    summary: 'The consumers’ reports an alarm gathers, with the orders they name',
    tags: ['alarms'],
    permission: [ALARM_PERMISSIONS.list],
    params: Type.Object({ id: Id() }),
    replies: { 200: Type.Array(ConsumerReport), 404: ErrorBody, ...authErrors },
  }),
  photo: defineRoute({
    method: 'GET',
    path: '/api/alarms/:id/reports/:reportNo/photo',
    summary: 'The photo a consumer sent with a report',
    tags: ['alarms'],
    permission: [ALARM_PERMISSIONS.list],
    params: Type.Object({ id: Id(), reportNo: Type.String({ pattern: '^R\\d{6,32}$' }) }),
    replies: { 200: FileReply(['image/png', 'image/jpeg', 'image/webp']), 404: ErrorBody, ...authErrors },
  }),
  ofOrder: defineRoute({
    method: 'GET',
    path: '/api/orders/:orderNo/reports',
    summary: 'The consumers’ reports that name an order (“it took my money”), with their alarms',
    tags: ['orders'],
    permission: [ORDER_PERMISSIONS.list],
    params: Type.Object({ orderNo: Type.String({ pattern: '^\\d{6,32}$' }) }),
    replies: { 200: Type.Array(OrderReport), 400: ErrorBody, ...authErrors },
  }),
  stickers: defineRoute({
    method: 'POST',
    path: '/api/machines/stickers',
    summary: 'Stickers of the machines chosen, as a PDF for A4 label sheets (3 × 8 labels of 70 × 37 mm)',
    tags: ['machines'],
    permission: [DEVICE_PERMISSIONS.list],
    body: Type.Object({ ids: Type.Array(Id(), { minItems: 1, maxItems: 480 }) }, { additionalProperties: false }),
    replies: { 200: FileReply(['application/pdf']), 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
};
