import { Alarm, AlarmActionInput, AlarmQuery, ALARM_PERMISSIONS as P } from './alarms.ts';
import { authErrors, Empty, ErrorBody, Page } from './common.ts';
import { listRoutes, withoutPaging } from './crud-routes.ts';
import { defineRoute } from './route.ts';

const tags = ['alarms'];

export const alarmRoutes = {
  ...listRoutes({
    path: '/api/alarms',
    tags,
    summaries: {
      list: 'Alarms of the machines within the caller’s data scope, filtered and paged',
      export: 'Export alarms as an Excel workbook',
    },
    permissions: { list: [P.list] },
    schemas: { query: AlarmQuery, page: Page(Alarm), filter: withoutPaging(AlarmQuery) },
  }),
  act: defineRoute({
    method: 'PUT',
    path: '/api/alarms',
    summary: 'Acknowledge or resolve alarms',
    tags,
    permission: [P.edit],
    body: AlarmActionInput,
    replies: { 200: Empty, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
};
