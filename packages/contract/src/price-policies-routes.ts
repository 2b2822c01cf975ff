import { Page } from './common.ts';
import { crudRoutes, withoutPaging } from './crud-routes.ts';
import {
  POLICY_PERMISSIONS as P,
  PricePolicy,
  PricePolicyCreateInput,
  PricePolicyQuery,
  PricePolicyUpdateInput,
} from './price-policies.ts';

export const pricePolicyRoutes = crudRoutes({
  path: '/api/price-policies',
  tags: ['price-policies'],
  summaries: {
    list: 'Price policies of every machine, of models, and of the agents and machines within the caller’s data scope',
    export: 'Export price policies as an Excel workbook',
    create: 'Create a price policy',
    update: 'Update a price policy',
    remove: 'Delete price policies',
  },
  permissions: { list: [P.list], add: [P.add], edit: [P.edit], del: [P.del] },
  schemas: {
    query: PricePolicyQuery,
    page: Page(PricePolicy),
    filter: withoutPaging(PricePolicyQuery),
    create: PricePolicyCreateInput,
    update: PricePolicyUpdateInput,
  },
});
