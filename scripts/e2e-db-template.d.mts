/** This run's migrated and seeded e2e database folder (scripts/e2e-db-template.mjs), or null outside a Playwright run. */
export declare function templateDir(runId?: string): string | null;
/** `dest` becomes a copy of this run's template once it is ready; false when there is none to wait for. */
export declare function copyTemplate(dest: string, runId?: string): Promise<boolean>;
/** Makes this run's template with `make` unless another server of the run did, then copies it to `dest`. */
export declare function databaseFromTemplate(dest: string, make: (dir: string) => void, runId?: string): Promise<void>;
