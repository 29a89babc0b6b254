import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ResponseCache {
  stats: { hits: number; stores: number; purges: number; brotli: number };
  purge(): void;
  serve(req: IncomingMessage, res: ServerResponse, extraHeaders: Record<string, string>): boolean;
  record(req: IncomingMessage, res: ServerResponse): void;
}
export declare function createResponseCache(opts: { ttlMs: number }): ResponseCache;
export declare const GRACE_MS: number;
