import type { IncomingMessage, ServerResponse } from 'node:http';
export declare function pathOnly(url: string | undefined): string;
export declare function logAccess(req: IncomingMessage, res: ServerResponse, requestId: string, write?: (line: string) => void): void;
