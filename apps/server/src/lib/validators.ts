import { AjvCompiler, type BuildCompilerFromPool, type Options, type RouteDefinition } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
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

type Compiled = ((...args: unknown[]) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type Compile = (route: RouteDefinition) => Compiled;

/**
 * A route's validator or serializer, compiled when the route is first called rather than at
 * start-up: compiling every schema of the app took most of the server's start. Fastify reads
 * `errors` after a failed validation and `schemaEnv` before it, so both come from the compiled one.
 */
function compiledOnFirstUse(compile: () => Compiled): Compiled {
  let compiled: Compiled | undefined;
  const get = () => {
    compiled ??= compile();
    return compiled;
  };
  const lazy = ((...args: unknown[]) => get()(...args)) as Compiled;
  Object.defineProperties(lazy, {
    errors: { get: () => get().errors },
    schemaEnv: { get: () => get().schemaEnv },
  });
  return lazy;
}
type AjvCompilerOptions = { customOptions?: Options };

/** Ajv instances by their schemas and options, shared by every plugin context of the app. */
const validatorPool = AjvCompiler();
/** Builds the Ajv instances that routes asked for and that are not made yet. */
const unbuilt = new Set<() => unknown>();

/**
 * Two validators: text from the URL is coerced to what the schema wants, a single value included
 * where a list is expected (`createTime=a&createTime=b`, `sort=x`); a JSON body only has its
 * scalars coerced (eladmin clients send `"7"` and `"false"`), never a value wrapped in or
 * unwrapped from an array. Their Ajv instances (~0.1 s each to make) are made on first use or
 * by `warmUpValidators`, not while the server starts.
 */
const buildValidator = (...[externalSchemas, serverOptions]: Parameters<BuildCompilerFromPool>) => {
  const compilerWith = (coerceTypes: 'array' | true) => {
    let compile: Compile | undefined;
    const make = () => {
      unbuilt.delete(make);
      compile ??= validatorPool(externalSchemas, {
        ...(serverOptions as AjvCompilerOptions),
        customOptions: { ...sharedOptions, coerceTypes },
      }) as unknown as Compile;
      return compile;
    };
    unbuilt.add(make);
    return (route: RouteDefinition) => make()(route);
  };
  const fromUrl = compilerWith('array');
  const fromBody = compilerWith(true);
  return (route: RouteDefinition) =>
    compiledOnFirstUse(() => (route.httpPart === 'body' ? fromBody(route) : fromUrl(route)));
};

/** Makes the validators' Ajv instances now (once the server answers), so that no request waits for them. */
export function warmUpValidators(): void {
  for (const make of [...unbuilt]) make();
}

type BuildSerializer = ReturnType<typeof SerializerSelector>;

/** Fastify's own response serializers (fast-json-stringify), each compiled on its route's first answer. */
const buildSerializer = (...args: Parameters<BuildSerializer>) => {
  const compile = SerializerSelector()(...args) as unknown as Compile;
  return (route: RouteDefinition) => compiledOnFirstUse(() => compile(route));
};

export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: buildValidator as unknown as BuildCompilerFromPool,
    buildSerializer: buildSerializer as unknown as BuildSerializer,
  },
};
