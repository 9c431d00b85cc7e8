/** See build-server.mjs. */
export function bundleServer(entry: string, outfile: string): Promise<void>;
