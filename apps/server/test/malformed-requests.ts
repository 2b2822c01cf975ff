/**
 * Malformed requests for one operation of the OpenAPI document: every class of bad input the
 * server must refuse with a 4xx in its error format, changing nothing.
 */

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, `{id}` style. */
  path: string;
  parameters: Parameter[];
  body?: Schema;
  multipart: boolean;
}

export interface MalformedCase {
  name: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** Fields the answer's `errors` must name (a prefix of the field path is enough). */
  fields?: string[];
}

/** Ids no PostgreSQL integer column can hold, numbers that are not numbers, and plain nonsense. */
const BAD_INTEGERS = ['2147483648', '1e20', '9007199254740993', 'Infinity', '-Infinity', '1e400', 'NaN', '-1', '1.5'];
/** Percent-encoded text that is not text: NUL, lone surrogates, and bytes that are not UTF-8. */
const BAD_QUERY_TEXT = [
  '%00',
  '%ED%A0%80',
  '%ED%B0%80',
  '%C0%80',
  '%FF',
  '%E4%B8',
  '%80',
  '%F8%88%80%80%80',
  '%C3%28',
  '%F4%90%80%80',
];
const BAD_SORT = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'id,sideways', 'id;drop', 'nope'];

const typesOf = (schema: Schema | undefined): string[] => {
  if (!schema) return [];
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  return [schema.type ?? []].flat();
};

/** JSON values (as raw text) of the wrong kind, or out of every sane range, for a body field. */
function badJsonValues(schema: Schema): string[] {
  const types = typesOf(schema).filter((type) => type !== 'null');
  if (types.includes('integer') || types.includes('number')) {
    return ['2147483648', '1e400', '-1e400', '9007199254740993', '"abc"', '{}', '"\\u0000"', '[[1]]'];
  }
  if (types.includes('string')) {
    return ['"\\u0000"', '"a\\u0000b"', '"\\ud800"', '"x\\udc00"', JSON.stringify('x'.repeat(100_000)), '{}', '[[[]]]'];
  }
  if (types.includes('boolean')) return ['"maybe"', '{}', '[true, false]', '"\\u0000"'];
  if (types.includes('array')) return ['"\\u0000"', '{}', '[{"a": "\\u0000"}]', `[${'1,'.repeat(20_000)}1]`];
  if (types.includes('object')) return ['"\\u0000"', '[1]', '{"\\u0000": 1}'];
  return [];
}

function deepJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function multipartCases(url: string): MalformedCase[] {
  const head = '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello';
  return [
    {
      name: 'multipart without its closing boundary',
      url,
      payload: head,
      headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
    },
    {
      name: 'multipart without a boundary parameter',
      url,
      payload: `${head}\r\n--b0undary--\r\n`,
      headers: { 'content-type': 'multipart/form-data' },
    },
    {
      name: 'multipart with a boundary that does not match',
      url,
      payload: `${head}\r\n--b0undary--\r\n`,
      headers: { 'content-type': 'multipart/form-data; boundary=other' },
    },
    {
      name: 'multipart whose part has no headers',
      url,
      payload: '--b0undary\r\n\r\nhello\r\n--b0undary--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
    },
    {
      name: 'multipart with a broken part header',
      url,
      payload: '--b0undary\r\nContent-Disposition form-data name=file\r\n\r\nx\r\n--b0undary--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
    },
    { name: 'an upload sent as JSON', url, payload: '{"file": "x"}', headers: { 'content-type': 'application/json' } },
    { name: 'an upload sent as text', url, payload: 'file=x', headers: { 'content-type': 'text/plain' } },
  ];
}

function jsonCase(name: string, url: string, payload: string, fields?: string[]): MalformedCase {
  return { name, url, payload, headers: { 'content-type': 'application/json' }, ...(fields ? { fields } : {}) };
}

/** Every malformed request for one operation. `validPath` fills path parameters with values that exist. */
export function malformedCases(operation: Operation, validPath: (name: string) => string): MalformedCase[] {
  const cases: MalformedCase[] = [];
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const fill = (overrides: Record<string, string> = {}) =>
    operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => overrides[name] ?? validPath(name));
  const requiredQuery = queryParams
    .filter((parameter) => parameter.required)
    .map((parameter) => `${parameter.name}=${parameter.name === 'dictName' ? 'user_status' : 'x'}`);
  const withQuery = (pairs: string[]) => {
    const all = [...requiredQuery, ...pairs];
    return all.length > 0 ? `${fill()}?${all.join('&')}` : fill();
  };

  for (const parameter of pathParams) {
    const types = typesOf(parameter.schema);
    const values = types.includes('integer') ? [...BAD_INTEGERS, 'abc', '%00'] : ['%00', '%ED%A0%80', '%C0%80'];
    for (const value of values)
      cases.push({ name: `path ${parameter.name}=${value}`, url: fill({ [parameter.name]: value }) });
  }

  for (const parameter of queryParams) {
    const types = typesOf(parameter.schema);
    const values =
      parameter.name === 'sort'
        ? BAD_SORT
        : types.includes('integer')
          ? [...BAD_INTEGERS, 'abc']
          : types.includes('boolean')
            ? ['maybe', '2', '%00']
            : types.includes('string')
              ? [...BAD_QUERY_TEXT, 'x'.repeat(5000)]
              : ['%00'];
    for (const value of values) {
      cases.push({
        name: `query ${parameter.name}=${value.slice(0, 20)}`,
        url: withQuery([`${parameter.name}=${value}`]),
      });
    }
  }

  // Text no operation may be given anywhere, even in a parameter it does not read.
  for (const value of BAD_QUERY_TEXT) {
    for (const pair of [`stray=${value}`, `stray=a${value}`, `stray=${value}a`, `${value}=1`]) {
      cases.push({ name: `query ${pair}`, url: withQuery([pair]) });
    }
  }

  if (operation.multipart) cases.push(...multipartCases(fill()));

  const body = operation.body;
  if (body) {
    const url = fill();
    cases.push(jsonCase('body is not JSON', url, '{"a": '));
    cases.push(jsonCase('body is empty JSON', url, ''));
    cases.push(jsonCase('body nests 5,000 deep', url, deepJson(5000)));
    cases.push(jsonCase('body with __proto__', url, '{"__proto__": {"admin": true}}'));
    cases.push(jsonCase('body with constructor.prototype', url, '{"constructor": {"prototype": {"admin": true}}}'));
    cases.push({ name: 'body as XML', url, payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    cases.push({
      name: 'body as form',
      url,
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const types = typesOf(body);
    if (types.includes('object')) {
      cases.push(jsonCase('body is an array', url, '[1]', ['body']));
      cases.push(jsonCase('body is a string', url, '"text"', ['body']));
      cases.push(jsonCase('body is a number', url, '1e400', ['body']));
      if ((body.required ?? []).length > 0) {
        cases.push(jsonCase('body without its required fields', url, '{}', body.required));
        cases.push(jsonCase('body with only a field it does not know', url, '{"zzUnknown": 1}', body.required));
      }
      for (const [name, schema] of Object.entries(body.properties ?? {})) {
        for (const value of badJsonValues(schema)) {
          cases.push(jsonCase(`body ${name}=${value.slice(0, 20)}`, url, `{"${name}": ${value}}`, [name]));
        }
      }
    } else if (types.includes('array')) {
      cases.push(jsonCase('body is an object', url, '{}', ['body']));
      if ((body as { minItems?: number }).minItems) cases.push(jsonCase('body is empty', url, '[]', ['body']));
      for (const value of badJsonValues(body.items ?? {})) {
        cases.push(jsonCase(`body item ${value.slice(0, 20)}`, url, `[${value}]`, ['0']));
      }
      cases.push(jsonCase('body of 100,000 items', url, `[${'1,'.repeat(99_999)}1]`, ['body']));
    }
  }
  return cases;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  consumes?: string[];
}

/** The operations of the app's OpenAPI document (`app.swagger()`). */
export function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}
