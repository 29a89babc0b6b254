export declare const DEFAULT_CHROMIUM: string;
export declare const INSTALL_COMMAND: string;
export type ChromiumPlan = { action: 'ready' } | { action: 'install' } | { action: 'stop'; message: string };
export declare function chromiumPlan(facts: { path: string; exists: boolean; custom: boolean; isRoot: boolean; hasApt: boolean }): ChromiumPlan;
export declare function ensureChromium(env?: NodeJS.ProcessEnv): string | null;
