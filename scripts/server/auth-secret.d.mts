export declare const MIN_AUTH_SECRET_LENGTH: number;
export declare class AuthSecretError extends Error {}
export declare function resolveAuthSecret(env: NodeJS.ProcessEnv, root: string): string;
