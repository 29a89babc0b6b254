export declare class WebConcurrencyError extends Error {}
export declare function workerCount(env: NodeJS.ProcessEnv, machine: { cores: number; dev?: boolean }): { workers: number; reason: string; ignored?: boolean };
export declare function superviseWorkers(opts: {
  workers: number;
  shutdownMs: number;
  say: (level: 'info' | 'warn' | 'error', message: string) => void;
}): void;
export declare function isWorker(): boolean;
