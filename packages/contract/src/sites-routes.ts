import { Page } from './common.ts';
import { crudRoutes, withoutPaging } from './crud-routes.ts';
import { SITE_PERMISSIONS as P, Site, SiteCreateInput, SiteQuery, SiteUpdateInput } from './sites.ts';

export const siteRoutes = crudRoutes({
  path: '/api/sites',
  tags: ['sites'],
  summaries: {
    list: 'Sites of the agents within the caller’s data scope, filtered and paged',
    export: 'Export sites as an Excel workbook',
    create: 'Create a site for an active agent the caller reaches',
    update: 'Update a site (a site with machines cannot close)',
    remove: 'Delete sites no machine stands at',
  },
  permissions: { list: [P.list], add: [P.add], edit: [P.edit], del: [P.del] },
  schemas: {
    query: SiteQuery,
    page: Page(Site),
    filter: withoutPaging(SiteQuery),
    create: SiteCreateInput,
    update: SiteUpdateInput,
  },
});
