import type { CrudRouteSet, ListRouteSet } from '@water/contract/crud-routes';
import type { RouteDeclaration } from '@water/contract/route';
import type { FastifyInstance } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Principal } from '../domain/principal.ts';
import { principalOf } from '../plugins/auth.ts';
import { type ContractRequest, contractRoute } from './contract-route.ts';
import { type ListSheet, sheetIn } from './list-sheet.ts';
import { type Language, languageOf } from './texts.ts';
import { sendXlsx } from './xlsx.ts';

/**
 * What a read-only list (orders, alarms) does: a page of its records, and all of them as a sheet;
 * what it writes in words, in the language the request asks for.
 */
export interface ListService<Query extends TSchema, Page extends TSchema, Filter extends TSchema, Row> {
  list(principal: Principal, query: Static<Query>, language: Language): Promise<Static<Page>>;
  /** The list's declared columns and rows, written in the language the request asks for. */
  exportSheet(principal: Principal, filter: Static<Filter>, language: Language): Promise<ListSheet<Row>>;
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

/**
 * Registers the Excel export of a declared list: the sheet `listOf` makes for the request,
 * written in the language the request asks for.
 */
export function registerExport<D extends RouteDeclaration, Row>(
  app: FastifyInstance,
  route: D,
  listOf: (request: ContractRequest<D>) => Promise<ListSheet<Row>>,
): void {
  contractRoute(
    app,
    route,
    async (request, reply) =>
      sendXlsx(reply, sheetIn(await listOf(request), languageOf(request.headers['accept-language'])), app.clock.now()),
    { readsReplica: true },
  );
}

/** Registers a list (GET `path`, a page) and its export (GET `path/download`, an Excel workbook). */
export function registerList<Query extends TSchema, Page extends TSchema, Filter extends TSchema, Row>(
  app: FastifyInstance,
  routes: ListRouteSet<string, Query, Page, Filter>,
  service: ListService<Query, Page, Filter, Row>,
): void {
  const languageOfRequest = (request: { headers: { 'accept-language'?: string } }) =>
    languageOf(request.headers['accept-language']);
  contractRoute<Declared>(
    app,
    routes.list,
    async (request) => service.list(principalOf(request), request.query as never, languageOfRequest(request)),
    { readsReplica: true },
  );
  registerExport<Declared, Row>(app, routes.export, (request) =>
    service.exportSheet(principalOf(request), request.query as never, languageOfRequest(request)),
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
