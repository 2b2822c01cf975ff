import { apiRoutes } from '@water/contract/api-routes';
import { declarationsOf, type RouteDeclaration } from '@water/contract/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * What the server answers besides the contract's routes: the websocket, MQTT over WebSocket, the API reference UI and
 * its document, and the web app's files (registered when the web app is built).
 */
const UNDECLARED = new Set([
  'GET /websocket',
  'GET /mqtt',
  'GET /doc',
  'GET /doc/json',
  'GET /doc/yaml',
  'GET /doc/static/*',
  'GET /doc/static/index.html',
  'GET /doc/static/swagger-initializer.js',
  'GET /doc.html',
  'GET /',
  'GET /login',
  // The web app's manifest, written in the phone's language (plugins/web-manifest.ts).
  'GET /manifest.webmanifest',
  // The page behind a machine's sticker, drawn by the server (modules/consumer/machine-page.ts).
  'GET /m/:code',
  'GET /*',
]);

const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const declared = declarationsOf(apiRoutes);

describe('the routes the server registers', () => {
  let t: TestApp;
  const registered: string[] = [];

  beforeAll(async () => {
    // With its broker, as `npm start` runs it (on a port of its own).
    t = await createTestApp({ MQTT_PORT: '0' }, undefined, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          // HEAD answers every GET by itself.
          if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
        }
      },
    });
  });
  afterAll(() => t.close());

  it('are the routes the contract declares, and only those besides the listed exceptions', () => {
    const declaredKeys = declared.map(keyOf).sort();
    const served = registered.filter((key) => !UNDECLARED.has(key)).sort();
    expect(served).toEqual(declaredKeys);
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('ask for the permission each declaration names', () => {
    const required = (route: RouteDeclaration) =>
      route.permission === 'public' || route.permission === 'gateway' ? [] : [route.permission];
    for (const route of declared) {
      const guards = t.app.routePermissions
        .filter((guard) => guard.method === route.method && guard.url === route.path)
        .map((guard) => guard.permission);
      expect(guards, keyOf(route)).toEqual(required(route));
    }
  });

  it('show each declared route in the API document with its summary and tags, hidden ones left out', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/doc/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    for (const route of declared) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (route.hide) expect(operation, keyOf(route)).toBeUndefined();
      else expect(operation, keyOf(route)).toMatchObject({ summary: route.summary, tags: [...route.tags] });
    }
  });
});
