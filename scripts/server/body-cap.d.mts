import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const MAX_BODY: number;
export declare const BODY_CAPS: [string, number][];
export declare function bodyCapFor(url?: string): number;
export declare function capRequestBody(req: IncomingMessage, res: ServerResponse, limit?: number): boolean;
