import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, SqlQueryable, Transaction } from '@prisma/driver-adapter-utils';
import { checkStatusWrite } from './status-writes';

/**
 * The data layer's own checks, around the driver adapter every Prisma client of the app is built on (./client.ts), so
 * they see every statement: model calls, raw SQL and transactions alike.
 * - Status writes outside lib/lifecycle are refused (./status-writes.ts).
 * - An observer may count statements and transactions (the booking submit's budget test, issue 39).
 */
export interface DbObserver {
  statement?(sql: string, inTransaction: boolean): void;
  transaction?(): void;
}

function wrapQueryable<Q extends SqlQueryable>(q: Q, inTransaction: boolean, observer: DbObserver | undefined): Q {
  return new Proxy(q, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop === 'queryRaw' || prop === 'executeRaw') {
        return (query: SqlQuery) => {
          checkStatusWrite(query.sql);
          observer?.statement?.(query.sql, inTransaction);
          return (value as (q: SqlQuery) => unknown).call(target, query);
        };
      }
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) => {
          observer?.transaction?.();
          const tx = (await (value as (...a: unknown[]) => Promise<Transaction>).apply(target, args)) as Transaction;
          return wrapQueryable(tx, true, observer);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** The factory, with every adapter it connects wrapped. */
export function guardAdapter<F extends SqlDriverAdapterFactory>(factory: F, observer?: DbObserver): F {
  return new Proxy(factory, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (prop === 'connect') {
        return async () => wrapQueryable<SqlDriverAdapter>(await (value as () => Promise<SqlDriverAdapter>).call(target), false, observer);
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
