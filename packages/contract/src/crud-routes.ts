import Type, { type TObject, type TProperties, type TSchema } from 'typebox';
import { authErrors, Empty, ErrorBody, IdList } from './common.ts';
import { defineRoute, FileReply, type Permissions, XLSX_TYPE } from './route.ts';

/** A list exported as an Excel workbook. */
export const XlsxFile = FileReply([XLSX_TYPE]);

/** The filters of a list's export: its query without `page` and `size` (the export has every row). */
export function withoutPaging<T extends TProperties>(query: TObject<T>) {
  const { page: _page, size: _size, ...filters } = query.properties;
  return Type.Object(filters);
}

export interface ListRoutesSpec<P extends string, Query extends TSchema, Page extends TSchema, Filter extends TSchema> {
  /** `/api/alarms`: the list (GET) and its export (GET …/download). */
  path: P;
  tags: readonly string[];
  /** Summaries in the API document, which the operation log also shows. */
  summaries: { list: string; export: string };
  permissions: { list: Permissions; export?: Permissions };
  schemas: { query: Query; page: Page; filter: Filter };
}

/** A list answering a page (GET `path`) and its export as an Excel workbook (GET `path/download`). */
export function listRoutes<const P extends string, Query extends TSchema, Page extends TSchema, Filter extends TSchema>(
  spec: ListRoutesSpec<P, Query, Page, Filter>,
) {
  const { path, tags, summaries, permissions, schemas } = spec;
  return {
    list: defineRoute({
      method: 'GET',
      path,
      summary: summaries.list,
      tags,
      permission: permissions.list,
      query: schemas.query,
      replies: { 200: schemas.page, 400: ErrorBody, ...authErrors },
    }),
    export: defineRoute({
      method: 'GET',
      path: `${path}/download`,
      summary: summaries.export,
      tags,
      permission: permissions.export ?? permissions.list,
      query: schemas.filter,
      replies: { 200: XlsxFile, 400: ErrorBody, ...authErrors },
    }),
  };
}

export interface CrudRoutesSpec<
  P extends string,
  Query extends TSchema,
  Page extends TSchema,
  Filter extends TSchema,
  Create extends TSchema,
  Update extends TSchema,
> {
  /** `/api/job`: list (GET), export (GET …/download), create (POST), update (PUT), delete (DELETE). */
  path: P;
  tags: readonly string[];
  summaries: { list: string; export: string; create: string; update: string; remove: string };
  permissions: { list: Permissions; export?: Permissions; add: Permissions; edit: Permissions; del: Permissions };
  schemas: { query: Query; page: Page; filter: Filter; create: Create; update: Update };
}

/**
 * The five routes every administered record has, in eladmin's shape: the list answers a page,
 * the export an Excel workbook, a create 201, an update 204 and a delete 200, all without body;
 * a delete takes the ids as its body.
 */
export function crudRoutes<
  const P extends string,
  Query extends TSchema,
  Page extends TSchema,
  Filter extends TSchema,
  Create extends TSchema,
  Update extends TSchema,
>(spec: CrudRoutesSpec<P, Query, Page, Filter, Create, Update>) {
  const { path, tags, summaries, permissions, schemas } = spec;
  return {
    ...listRoutes(spec),
    create: defineRoute({
      method: 'POST',
      path,
      summary: summaries.create,
      tags,
      permission: permissions.add,
      body: schemas.create,
      replies: { 201: Empty, 400: ErrorBody, ...authErrors },
    }),
    update: defineRoute({
      method: 'PUT',
      path,
      summary: summaries.update,
      tags,
      permission: permissions.edit,
      body: schemas.update,
      replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
    }),
    remove: defineRoute({
      method: 'DELETE',
      path,
      summary: summaries.remove,
      tags,
      permission: permissions.del,
      body: IdList,
      replies: { 200: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
    }),
  };
}

export type ListRouteSet<
  P extends string,
  Query extends TSchema,
  Page extends TSchema,
  Filter extends TSchema,
> = ReturnType<typeof listRoutes<P, Query, Page, Filter>>;

export type CrudRouteSet<
  P extends string,
  Query extends TSchema,
  Page extends TSchema,
  Filter extends TSchema,
  Create extends TSchema,
  Update extends TSchema,
> = ReturnType<typeof crudRoutes<P, Query, Page, Filter, Create, Update>>;
