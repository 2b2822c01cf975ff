/** Where the bundle is written: apps/server/dist/server.mjs. */
export declare const serverBundle: string;
/** Bundles the server; answers the bundle's path. */
export declare function buildServer(): Promise<string>;
/** Node's flags that run the bundle (before its path). */
export declare const serverNodeFlags: readonly string[];
/** Settings added to the bundle's environment. */
export declare const serverEnvironment: Readonly<Record<string, string>>;
