export function renderConfig(opts: { upstreams: string[]; listen: string | number; out: string; run?: string; workers?: string; user?: string; modules?: string; mimeTypes?: string }): string;
export function precompressStatic(staticDir: string, out: string): void;
export function prepareProxy(opts: { out: string; run?: string; staticDir?: string; upstreams: string[]; listen: string | number; workers?: string; user?: string }): string;
