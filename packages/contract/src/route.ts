import Type, { type Static, type TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The permission strings of which a caller must hold one (`admin` holds them all). */
export type Permissions = readonly [string, ...string[]];

/**
 * Who may call a route: anyone (`public`), a machine or payment channel signing each request
 * (`gateway`, see docs/gateway.md), any signed-in user, or a signed-in user holding one of the
 * permissions listed.
 */
export type RouteAccess = 'public' | 'gateway' | 'signed-in' | Permissions;

/** One route of the API, as both the server and the web read it. */
export interface RouteDeclaration {
  readonly method: HttpMethod;
  /** `/api/orders/:orderNo`: each `:name` is filled from `params`. */
  readonly path: string;
  /** What the route does: the API document shows it, and the operation log names writes by it. */
  readonly summary: string;
  readonly tags: readonly string[];
  readonly permission: RouteAccess;
  /** Reachable by a signed-in user who must first replace a default password. */
  readonly duringPasswordChange?: true;
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema;
  /** An upload: the multipart field that carries the file, read from the stream (no JSON body). */
  readonly upload?: string;
  /** The answers by status: the success (2xx) and every error the route gives. */
  readonly replies: Readonly<Record<number, TSchema>>;
  /** Left out of the API document. */
  readonly hide?: true;
  /** The API document's security requirement, when it is not the bearer token (probes: none). */
  readonly security?: readonly [];
}

/** Declares a route; the literal types of its method, path and schemas are kept for both sides. */
export function defineRoute<const D extends RouteDeclaration>(route: D): D {
  return route;
}

/** The content type of an Excel workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The body of a file answer (a workbook, a stored file, an image): bytes, not JSON. */
export interface FileBody {
  readonly file: unique symbol;
}

/** What the server answers instead of a body: a file, or a redirect to another address. */
export const NOT_JSON = 'x-not-json';

/**
 * A file answer, in the content types listed (none: the stored file's own). It is sent as it is,
 * so the server checks nothing of it; the API document lists the types under `produces`.
 */
export function FileReply(contentTypes: readonly string[] = []) {
  return Type.Unsafe<FileBody>({ [NOT_JSON]: 'file', produces: [...contentTypes], description: 'A file' });
}

/** The answer of a redirect (302): a `Location` header and no body. */
export const RedirectReply = Type.Unsafe<undefined>({ [NOT_JSON]: 'redirect', description: 'Location header' });

/**
 * An answer without a body that the server leaves unchecked, as eladmin's sign-out always was (the
 * API document shows its default answer); `Empty` is the documented empty body of the writes.
 */
export const NoBody = Type.Unsafe<undefined>({ [NOT_JSON]: 'empty', description: 'No body' });

/** The statuses of a successful answer. */
export type SuccessStatus = 200 | 201 | 202 | 204 | 302;

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;

export type RouteParams<D extends RouteDeclaration> = D extends { params: infer S } ? StaticOf<S> : undefined;
export type RouteQuery<D extends RouteDeclaration> = D extends { query: infer S } ? StaticOf<S> : undefined;
export type RouteBody<D extends RouteDeclaration> = D extends { body: infer S } ? StaticOf<S> : undefined;
/** The body of the route's successful answer. */
export type RouteReply<D extends RouteDeclaration> = StaticOf<D['replies'][Extract<keyof D['replies'], SuccessStatus>]>;

/** A list's filters: its query without paging and sorting. */
export type FiltersOf<Query> = Omit<Query, 'page' | 'size' | 'sort'>;

/** The lowest success status a route declares (the one it answers unless its handler says otherwise). */
export function successStatus(route: RouteDeclaration): number {
  const status = Object.keys(route.replies)
    .map(Number)
    .find((code) => code >= 200 && code < 400);
  if (status === undefined) throw new Error(`${route.method} ${route.path} declares no successful answer`);
  return status;
}

/** Every route declared in a routes object (`{ list, export, … }`, possibly nested one level). */
export type Declarations<T> = T extends RouteDeclaration ? T : { [K in keyof T]: Declarations<T[K]> }[keyof T];

/** `'GET /api/orders/:orderNo'`: how a route is named on the web. */
export type RouteKey<D extends RouteDeclaration> = `${D['method']} ${D['path']}`;

/** The routes of a routes object by key. */
export type RouteIndex<T> = { [D in Declarations<T> as RouteKey<D>]: D };

function isDeclaration(value: unknown): value is RouteDeclaration {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'replies' in value;
}

/** Every route declared in a routes object, in declaration order. */
export function declarationsOf(routes: object): RouteDeclaration[] {
  return Object.values(routes).flatMap((value) =>
    isDeclaration(value) ? [value] : typeof value === 'object' && value !== null ? declarationsOf(value) : [],
  );
}
