import { authErrors, Empty, ErrorBody } from './common.ts';
import { defineRoute } from './route.ts';
import { GlobalSettings, GlobalSettingsQuery } from './settings.ts';

const tags = ['global settings'];

export const settingRoutes = {
  /** Public: read before anyone signs in. */
  get: defineRoute({
    method: 'GET',
    path: '/api/global/setting',
    summary: 'Global settings of a side (title, footer text, case number, publicity)',
    tags,
    permission: 'public',
    query: GlobalSettingsQuery,
    replies: { 200: GlobalSettings, 400: ErrorBody },
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/global/setting',
    summary: 'Store the global settings of a side',
    tags,
    permission: ['setting:edit'],
    query: GlobalSettingsQuery,
    body: GlobalSettings,
    replies: { 204: Empty, 400: ErrorBody, ...authErrors },
  }),
};
