import { Page } from '@water/contract/common';
import { MEMBER_PERMISSIONS, Member, MemberQuery } from '@water/contract/coupons';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { listRoutes } from '../../lib/crud-routes.ts';
import type { MembersService } from './members.service.ts';

const { page: _page, size: _size, ...filterFields } = MemberQuery.properties;

export async function membersRoutes(app: FastifyInstance, { service }: { service: MembersService }) {
  listRoutes(app, {
    path: '/api/members',
    tags: ['members'],
    summaries: {
      list: 'Members acquired by or buying from the agents within the caller’s data scope, with their figures there (phones masked)',
      export: 'Export members as an Excel workbook',
    },
    permissions: { list: [MEMBER_PERMISSIONS.list] },
    schemas: { query: MemberQuery, page: Page(Member), filter: Type.Object(filterFields) },
    service,
  });
}
