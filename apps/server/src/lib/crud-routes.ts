import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, IdList } from '@water/contract/common';
import type { CrudRouteSet, ListRouteSet } from '@water/contract/crud-routes';
import type { RouteDeclaration } from '@water/contract/route';
import type { FastifyInstance } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { principalOf, type RoutePermission } from '../plugins/auth.ts';
import { contractRoute } from './contract-route.ts';
import type { Principal } from './principal.ts';
import { type Sheet, sendXlsx, XLSX_TYPE } from './xlsx.ts';

/** What a read-only list (orders, alarms) does: a page of its records, and all of them as a sheet. */
export interface ListService<Query extends TSchema, Page extends TSchema, Filter extends TSchema, Row> {
  list(principal: Principal, query: Static<Query>): Promise<Static<Page>>;
  exportSheet(principal: Principal, filter: Static<Filter>): Promise<Sheet<Row>>;
}

/** What a list page of the console does with its records; every call is made for a principal. */
export interface CrudService<
  Query extends TSchema,
  Page extends TSchema,
  Filter extends TSchema,
  Create extends TSchema,
  Update extends TSchema,
  Row,
> extends ListService<Query, Page, Filter, Row> {
  create(principal: Principal, input: Static<Create>): Promise<void>;
  update(principal: Principal, input: Static<Update>): Promise<void>;
  remove(principal: Principal, ids: number[]): Promise<void>;
}

// The route sets are generic here, so their handlers are typed by the service rather than by the
// declaration: each one is registered as a plain declaration.
type Declared = RouteDeclaration;

/** Registers a list (GET `path`, a page) and its export (GET `path/download`, an Excel workbook). */
export function registerList<Query extends TSchema, Page extends TSchema, Filter extends TSchema, Row>(
  app: FastifyInstance,
  routes: ListRouteSet<string, Query, Page, Filter>,
  service: ListService<Query, Page, Filter, Row>,
): void {
  contractRoute<Declared>(app, routes.list, async (request) =>
    service.list(principalOf(request), request.query as never),
  );
  contractRoute<Declared>(app, routes.export, async (request, reply) =>
    sendXlsx(reply, await service.exportSheet(principalOf(request), request.query as never), app.clock.now()),
  );
}

/** Registers the five routes of an administered record (crudRoutes of the contract). */
export function registerCrud<
  Query extends TSchema,
  Page extends TSchema,
  Filter extends TSchema,
  Create extends TSchema,
  Update extends TSchema,
  Row,
>(
  app: FastifyInstance,
  routes: CrudRouteSet<string, Query, Page, Filter, Create, Update>,
  service: CrudService<Query, Page, Filter, Create, Update, Row>,
): void {
  registerList(app, routes, service);
  contractRoute<Declared>(app, routes.create, async (request) => {
    await service.create(principalOf(request), request.body as never);
  });
  contractRoute<Declared>(app, routes.update, async (request) => {
    await service.update(principalOf(request), request.body as never);
  });
  contractRoute<Declared>(app, routes.remove, async (request) => {
    await service.remove(principalOf(request), request.body as never);
  });
}

// ---------------------------------------------------------------- the modules not yet declared

/** What a list page of the console does with its records; every call is made for a principal. */
interface LegacyCrudService<
  Query extends TSchema,
  Filter extends TSchema,
  Create extends TSchema,
  Update extends TSchema,
  Row,
> {
  list(principal: Principal, query: Static<Query>): Promise<unknown>;
  exportSheet(principal: Principal, filter: Static<Filter>): Promise<Sheet<Row>>;
  create(principal: Principal, input: Static<Create>): Promise<void>;
  update(principal: Principal, input: Static<Update>): Promise<void>;
  remove(principal: Principal, ids: number[]): Promise<void>;
}

interface LegacyCrudRoutes<
  Query extends TSchema,
  Filter extends TSchema,
  Create extends TSchema,
  Update extends TSchema,
  Row,
> {
  /** `/api/job`: list (GET), export (GET …/download), create (POST), update (PUT), delete (DELETE). */
  path: string;
  tags: string[];
  /** Summaries in the API document, which the operation log also shows. */
  summaries: { list: string; export: string; create: string; update: string; remove: string };
  permissions: {
    list: RoutePermission;
    export?: RoutePermission;
    add: RoutePermission;
    edit: RoutePermission;
    del: RoutePermission;
  };
  schemas: { query: Query; page: TSchema; filter: Filter; create: Create; update: Update };
  service: LegacyCrudService<Query, Filter, Create, Update, Row>;
}

/**
 * The five routes every administered record has, in eladmin's shape: the list answers a page,
 * the export an Excel workbook, a create 201, an update 204 and a delete 200, all without body.
 */
export function crudRoutes<
  Query extends TSchema,
  Filter extends TSchema,
  Create extends TSchema,
  Update extends TSchema,
  Row,
>(base: FastifyInstance, spec: LegacyCrudRoutes<Query, Filter, Create, Update, Row>): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { path, tags, summaries, permissions, schemas, service } = spec;

  listRoutes(base, spec);

  app.post(
    path,
    {
      schema: {
        tags,
        summary: summaries.create,
        body: schemas.create,
        response: { 201: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: permissions.add },
    },
    async (request, reply) => {
      await service.create(principalOf(request), request.body as Static<Create>);
      return reply.code(201).send();
    },
  );

  app.put(
    path,
    {
      schema: {
        tags,
        summary: summaries.update,
        body: schemas.update,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: permissions.edit },
    },
    async (request, reply) => {
      await service.update(principalOf(request), request.body as Static<Update>);
      return reply.code(204).send();
    },
  );

  app.delete(
    path,
    {
      schema: {
        tags,
        summary: summaries.remove,
        body: IdList,
        response: { 200: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: permissions.del },
    },
    async (request, reply) => {
      await service.remove(principalOf(request), request.body);
      return reply.code(200).send();
    },
  );
}

/** What a read-only list (orders, alarms) needs: its list and its export. */
interface LegacyListRoutes<Query extends TSchema, Filter extends TSchema, Row> {
  path: string;
  tags: string[];
  summaries: { list: string; export: string };
  permissions: { list: RoutePermission; export?: RoutePermission };
  schemas: { query: Query; page: TSchema; filter: Filter };
  service: {
    list(principal: Principal, query: Static<Query>): Promise<unknown>;
    exportSheet(principal: Principal, filter: Static<Filter>): Promise<Sheet<Row>>;
  };
}

/** A list answering a page (GET `path`) and its export as an Excel workbook (GET `path/download`). */
export function listRoutes<Query extends TSchema, Filter extends TSchema, Row>(
  base: FastifyInstance,
  spec: LegacyListRoutes<Query, Filter, Row>,
): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { path, tags, summaries, permissions, schemas, service } = spec;
  app.get(
    path,
    {
      schema: {
        tags,
        summary: summaries.list,
        querystring: schemas.query,
        response: { 200: schemas.page, 400: ErrorBody, ...authErrors },
      },
      config: { permission: permissions.list },
    },
    async (request) => service.list(principalOf(request), request.query as Static<Query>),
  );

  app.get(
    `${path}/download`,
    {
      schema: {
        tags,
        summary: summaries.export,
        querystring: schemas.filter,
        produces: [XLSX_TYPE],
        response: { 400: ErrorBody, ...authErrors },
      },
      config: { permission: permissions.export ?? permissions.list },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        await service.exportSheet(principalOf(request), request.query as Static<Filter>),
        app.clock.now(),
      ),
  );
}
