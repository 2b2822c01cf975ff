import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { precompress } from './build/precompress.ts';

// The API server `npm run dev` starts listens on PORT (8000 unless set); Vite's own port is DEV_PORT.
const API_TARGET = `http://127.0.0.1:${process.env.PORT || 8000}`;
const DEV_PORT = Number(process.env.DEV_PORT || 5173);
const proxied: Record<string, ProxyOptions> = Object.fromEntries(
  // The machines' public pages (`/m/{code}`) and the sandbox channel's (`/pay/…`) are the server's own.
  ['/api', '/auth', '/avatar', '/files', '/doc', '/doc.html', '/manifest.webmanifest', '/m/', '/pay/'].map((prefix) => [
    prefix,
    { target: API_TARGET },
  ]),
);

/**
 * `/login` answers `login.html` (the sign-in page drawn in its HTML) rather than `index.html`, in
 * development as the server does with the build (apps/server/src/plugins/web.ts).
 */
function loginPage(): Plugin {
  const rewrite: Connect.NextHandleFunction = (request, _response, next) => {
    const [pathname, query] = (request.url ?? '').split(/\?(.*)/s);
    if (pathname === '/login') request.url = query === undefined ? '/login.html' : `/login.html?${query}`;
    next();
  };
  return {
    name: 'water:login-page',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [react(), precompress(), loginPage(), compileHints(['react', 'vendor', 'core'])],
  server: {
    port: DEV_PORT,
    strictPort: true,
    proxy: { ...proxied, '/websocket': { target: API_TARGET, ws: true } },
  },
  build: {
    outDir: 'dist',
    // Read by build/check-bundle-size.ts to hold the sign-in and console bundles to their budgets.
    manifest: true,
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The console, and its sign-in page drawn in the HTML (served for /login).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // Vite's helper for dynamic imports, on its own: login.html's entry needs it and nothing else.
              name: 'preload-helper',
              test: /vite[\\/]preload-helper/,
              priority: 4,
            },
            {
              // The styles every page starts with, the sign-in page's among them: login.html links
              // them to draw its frame before any code has loaded.
              name: 'styles',
              test: /(?<!\.module)\.css$/,
              tags: ['$initial'],
              priority: 4,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            {
              // Libraries the sign-in page needs; antd and the rest load with the console after sign-in
              // and are split by the pages that use them (see build/check-bundle-size.ts for the budgets).
              name: 'vendor',
              test: /node_modules[\\/]/,
              tags: ['$initial'],
              priority: 1,
            },
            {
              // The console's own code that every page starts with (the sign-in page, the router, the
              // session): one file rather than a dozen small ones shared with the pages. Not the
              // entries themselves, nor the styles login.html draws its frame with.
              name: 'core',
              test: (id: string) =>
                /[\\/]src[\\/].+\.tsx?$/.test(id) && !/[\\/]src[\\/](main\.tsx|login\.ts)$/.test(id),
              tags: ['$initial'],
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
