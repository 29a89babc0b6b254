import type { IncomingMessage, ServerResponse } from 'node:http';

export type QuoteFastPath = (params: URLSearchParams) => Promise<{ status: number; headers: Record<string, string>; body: string }> | null;
export declare const QUOTE_PATH: string;
export declare const NEXT_ROUTE_HEADERS: Record<string, string>;
export declare function quoteFastPathFor(req: IncomingMessage): QuoteFastPath | null;
export declare function answerQuote(req: IncomingMessage, res: ServerResponse, fastPath: QuoteFastPath): Promise<boolean>;
