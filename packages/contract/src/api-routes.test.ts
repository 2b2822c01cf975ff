import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes.ts';
import { declarationsOf, successStatus } from './route.ts';

const routes = declarationsOf(apiRoutes);

describe('the route declarations', () => {
  it('name each route once', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(keys.length).toBeGreaterThan(50);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('type every parameter of a path, and nothing else, in params', () => {
    for (const route of routes) {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const typed = Object.keys((route.params as { properties?: object } | undefined)?.properties ?? {}).sort();
      expect(typed, `${route.method} ${route.path}`).toEqual(inPath);
    }
  });

  it('give each route a successful answer, a summary and a tag', () => {
    for (const route of routes) {
      expect(() => successStatus(route)).not.toThrow();
      expect(route.summary.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
      expect(route.tags.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
    }
  });

  it('take no JSON body on a read', () => {
    for (const route of routes.filter((declared) => declared.method === 'GET')) {
      expect(route.body ?? route.upload, `${route.method} ${route.path}`).toBeUndefined();
    }
  });
});
