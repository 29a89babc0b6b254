import type { ServerResponse } from 'node:http';

export declare const INLINE_HASHES_PLACEHOLDER: string;
export declare function inlineScriptHashes(html: string): string[];
export declare function withHashes(policy: string, hashes: string[]): string;
export declare function hashInlineScripts(res: ServerResponse): void;
