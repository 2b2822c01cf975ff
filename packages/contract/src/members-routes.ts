import { Page } from './common.ts';
import { Member, MemberQuery, MEMBER_PERMISSIONS as P } from './coupons.ts';
import { listRoutes, withoutPaging } from './crud-routes.ts';

export const memberRoutes = listRoutes({
  path: '/api/members',
  tags: ['members'],
  summaries: {
    list: 'Members acquired by or buying from the agents within the caller’s data scope, with their figures there (phones masked)',
    export: 'Export members as an Excel workbook',
  },
  permissions: { list: [P.list] },
  schemas: { query: MemberQuery, page: Page(Member), filter: withoutPaging(MemberQuery) },
});
