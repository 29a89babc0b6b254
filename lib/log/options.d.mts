import type { LoggerOptions } from 'pino';

export const SERVICE: string;
export function loggerOptions(level: string): LoggerOptions;
