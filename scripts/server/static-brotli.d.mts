import type { IncomingMessage, ServerResponse } from 'node:http';

export interface StaticBrotli {
  warm(): void;
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  held(): number;
  settled(): Promise<void>;
}
export declare function createStaticBrotli(opts: { staticDir: string; quality?: number }): StaticBrotli;
export declare function staticFileFor(staticDir: string, urlPath: string): string | null;
