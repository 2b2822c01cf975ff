import { ChangeRecord, ChangeRecordFilter, ChangeRecordQuery } from './audit.ts';
import { Page } from './common.ts';
import { listRoutes } from './crud-routes.ts';

/**
 * The record of changes to money and configuration: read only. A record is never altered or
 * deleted through the API; there is no write route at all.
 */
export const auditRoutes = listRoutes({
  path: '/api/audit',
  tags: ['audit'],
  summaries: {
    list: 'Change records, newest first: of one record (recordType and recordId), or searched',
    export: 'Export change records as an Excel workbook',
  },
  permissions: { list: ['audit:list'] },
  schemas: { query: ChangeRecordQuery, page: Page(ChangeRecord), filter: ChangeRecordFilter },
});
