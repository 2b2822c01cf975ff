/** Where the bundle is written: apps/server/dist/server.mjs. */
export declare const serverBundle: string;
/** Bundles the server; answers the bundle's path. */
export declare function buildServer(): Promise<string>;
