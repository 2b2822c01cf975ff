import { Page } from '@water/contract/common';
import { SITE_PERMISSIONS, Site, SiteCreateInput, SiteQuery, SiteUpdateInput } from '@water/contract/sites';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { crudRoutes } from '../../lib/crud-routes.ts';
import type { SitesService } from './sites.service.ts';

const { page: _page, size: _size, ...filterFields } = SiteQuery.properties;
const SiteFilter = Type.Object(filterFields);

export async function sitesRoutes(app: FastifyInstance, { service }: { service: SitesService }) {
  crudRoutes(app, {
    path: '/api/sites',
    tags: ['sites'],
    summaries: {
      list: 'Sites of the agents within the caller’s data scope, filtered and paged',
      export: 'Export sites as an Excel workbook',
      create: 'Create a site for an active agent the caller reaches',
      update: 'Update a site (a site with machines cannot close)',
      remove: 'Delete sites no machine stands at',
    },
    permissions: {
      list: [SITE_PERMISSIONS.list],
      add: [SITE_PERMISSIONS.add],
      edit: [SITE_PERMISSIONS.edit],
      del: [SITE_PERMISSIONS.del],
    },
    schemas: {
      query: SiteQuery,
      page: Page(Site),
      filter: SiteFilter,
      create: SiteCreateInput,
      update: SiteUpdateInput,
    },
    service,
  });
}
