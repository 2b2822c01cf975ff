import Type from 'typebox';
import { authErrors, Empty, ErrorBody, IdList, IdRef } from './common.ts';
import {
  REPORT_PERMISSIONS as P,
  Report,
  ReportFile,
  ReportFileInput,
  ReportQuery,
  ReportSchedule,
  ReportScheduleInput,
} from './reports.ts';
import { defineRoute, FileReply, XLSX_TYPE } from './route.ts';

const tags = ['reports'];
const permission = [P.list] as const;

/** Sales, commission, fees, card liabilities and SLA per agent, site, machine or channel; their files and schedules. */
export const reportRoutes = {
  figures: defineRoute({
    method: 'GET',
    path: '/api/reports',
    summary:
      'A daily or monthly report of a range of days, per agent, site, machine or channel, with totals and series',
    tags,
    permission,
    query: ReportQuery,
    replies: { 200: Report, 400: ErrorBody, ...authErrors },
  }),
  makeFile: defineRoute({
    method: 'POST',
    path: '/api/reports/files',
    summary: 'Make a report’s Excel or PDF file in the background (the jobs drawer downloads it)',
    tags,
    permission,
    body: ReportFileInput,
    replies: { 202: ReportFile, 400: ErrorBody, ...authErrors },
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/reports/files/:id',
    summary: 'Download a finished report file of the caller',
    tags,
    permission,
    params: IdRef,
    replies: { 200: FileReply([XLSX_TYPE, 'application/pdf']), 404: ErrorBody, ...authErrors },
  }),
  schedules: defineRoute({
    method: 'GET',
    path: '/api/reports/schedules',
    summary: 'The scheduled reports the caller keeps (every one, for a caller who sees every agent)',
    tags,
    permission,
    replies: { 200: Type.Array(ReportSchedule), ...authErrors },
  }),
  addSchedule: defineRoute({
    method: 'POST',
    path: '/api/reports/schedules',
    summary: 'Schedule a report to be e-mailed after each day or month closes',
    tags,
    permission,
    body: ReportScheduleInput,
    replies: { 201: ReportSchedule, 400: ErrorBody, ...authErrors },
  }),
  editSchedule: defineRoute({
    method: 'PUT',
    path: '/api/reports/schedules',
    summary: 'Change a scheduled report',
    tags,
    permission,
    body: ReportScheduleInput,
    replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  deleteSchedules: defineRoute({
    method: 'DELETE',
    path: '/api/reports/schedules',
    summary: 'Delete scheduled reports',
    tags,
    permission,
    body: IdList,
    replies: { 200: Empty, 404: ErrorBody, ...authErrors },
  }),
};
