import { Page } from '@water/contract/common';
import {
  POLICY_PERMISSIONS,
  PricePolicy,
  PricePolicyCreateInput,
  PricePolicyQuery,
  PricePolicyUpdateInput,
} from '@water/contract/price-policies';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { crudRoutes } from '../../lib/crud-routes.ts';
import type { PricePoliciesService } from './price-policies.service.ts';

const { page: _page, size: _size, ...filterFields } = PricePolicyQuery.properties;
const PricePolicyFilter = Type.Object(filterFields);

export async function pricePoliciesRoutes(app: FastifyInstance, { service }: { service: PricePoliciesService }) {
  crudRoutes(app, {
    path: '/api/price-policies',
    tags: ['price-policies'],
    summaries: {
      list: 'Price policies of every machine, of models, and of the agents and machines within the caller’s data scope',
      export: 'Export price policies as an Excel workbook',
      create: 'Create a price policy',
      update: 'Update a price policy',
      remove: 'Delete price policies',
    },
    permissions: {
      list: [POLICY_PERMISSIONS.list],
      add: [POLICY_PERMISSIONS.add],
      edit: [POLICY_PERMISSIONS.edit],
      del: [POLICY_PERMISSIONS.del],
    },
    schemas: {
      query: PricePolicyQuery,
      page: Page(PricePolicy),
      filter: PricePolicyFilter,
      create: PricePolicyCreateInput,
      update: PricePolicyUpdateInput,
    },
    service,
  });
}
