/** Where the bundle is written: apps/server/dist/server.mjs. */
export declare const serverBundle: string;
/** Bundles the server into dist/ or the given folder; answers the bundle's path. */
export declare function buildServer(dist?: string): Promise<string>;
/** Copies a folder's files into another, safe to run several times at once. */
export declare function copyFolder(from: string, to: string): Promise<void>;
/** Node's flags that run the bundle (before its path). */
export declare const serverNodeFlags: readonly string[];
/** Settings added to the bundle's environment. */
export declare const serverEnvironment: Readonly<Record<string, string>>;
