import Type from 'typebox';
import { authErrors, ErrorBody, IdRef } from './common.ts';
import { ExportJob } from './exports.ts';
import { defineRoute, FileReply } from './route.ts';

const tags = ['exports'];

/** The caller's background exports: the list, and each finished workbook. */
export const exportRoutes = {
  mine: defineRoute({
    method: 'GET',
    path: '/api/exports',
    summary: 'The caller’s background exports, newest first (the last 20)',
    tags,
    permission: 'signed-in',
    replies: { 200: Type.Array(ExportJob), ...authErrors },
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/exports/:id/file',
    summary: 'Download a finished export of the caller as an Excel workbook',
    tags,
    permission: 'signed-in',
    params: IdRef,
    replies: { 200: FileReply(), 404: ErrorBody, ...authErrors },
  }),
};
