import { AjvCompiler, type BuildCompilerFromPool, type Options, type RouteDefinition } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

const sharedOptions: Options = {
  // Unknown fields are ignored where a schema allows them and refused where it does not.
  removeAdditional: false,
  useDefaults: true,
  // A refused form names every invalid field at once, not only the first.
  allErrors: true,
  verbose: true,
  keywords: ['errorMessage'],
};

type Compile = (route: RouteDefinition) => unknown;
type AjvCompilerOptions = { customOptions?: Options };

/**
 * Two validators: text from the URL is coerced to what the schema wants, a single value included
 * where a list is expected (`createTime=a&createTime=b`, `sort=x`); a JSON body only has its
 * scalars coerced (eladmin clients send `"7"` and `"false"`), never a value wrapped in or
 * unwrapped from an array.
 */
const buildValidator = (...[externalSchemas, serverOptions]: Parameters<BuildCompilerFromPool>) => {
  const factory = AjvCompiler();
  const compilerWith = (coerceTypes: 'array' | true) =>
    factory(externalSchemas, {
      ...(serverOptions as AjvCompilerOptions),
      customOptions: { ...sharedOptions, coerceTypes },
    }) as unknown as Compile;
  const fromUrl = compilerWith('array');
  const fromBody = compilerWith(true);
  return (route: RouteDefinition) => (route.httpPart === 'body' ? fromBody(route) : fromUrl(route));
};

export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator: buildValidator as unknown as BuildCompilerFromPool },
};
