export declare const HINT: string;
export declare function addCompileHints(distDir: string, options?: { warn?: (message: string) => void }): { marked: string[]; roots: string[] };
