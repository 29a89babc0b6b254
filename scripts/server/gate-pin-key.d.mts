export declare class GatePinKeyError extends Error {}
export declare function decodeGatePinKey(text: string | null | undefined): Buffer | null;
export declare function resolveGatePinKey(env: NodeJS.ProcessEnv, root: string): string;
