import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, SqlQueryable, Transaction } from '@prisma/driver-adapter-utils';
import { checkStatusWrite } from './status-writes';
import { insertsTask, taskCommitted } from '@/lib/platform/tasks/wake';

/**
 * The data layer's own checks, around the driver adapter every Prisma client of the app is built on (./client.ts), so
 * they see every statement: model calls, raw SQL and transactions alike.
 * - Status writes outside lib/lifecycle are refused (./status-writes.ts).
 * - An observer may count statements and transactions (the booking submit's budget test, issue 39).
 * - A task written and committed wakes this server's task worker at once (lib/platform/tasks/wake.ts): after the
 *   statement when it commits by itself, after the COMMIT when it was written in a transaction (never before: the
 *   worker could not see it, and a rolled-back change has no work to do).
 */
export interface DbObserver {
  statement?(sql: string, inTransaction: boolean): void;
  transaction?(): void;
}

/** What one transaction did that matters at its commit. */
interface TxState {
  wroteTask: boolean;
}

function wrapQueryable<Q extends SqlQueryable>(q: Q, tx: TxState | null, observer: DbObserver | undefined): Q {
  const inTransaction = tx !== null;
  return new Proxy(q, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop === 'queryRaw' || prop === 'executeRaw') {
        return (query: SqlQuery) => {
          checkStatusWrite(query.sql);
          observer?.statement?.(query.sql, inTransaction);
          const run = (value as (q: SqlQuery) => Promise<unknown>).call(target, query);
          if (!insertsTask(query.sql)) return run;
          if (tx) {
            tx.wroteTask = true;
            return run;
          }
          return run.then((r) => {
            taskCommitted();
            return r;
          });
        };
      }
      if (prop === 'commit' && tx) {
        return async () => {
          await (value as () => Promise<void>).call(target);
          if (tx.wroteTask) taskCommitted();
        };
      }
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) => {
          observer?.transaction?.();
          const started = (await (value as (...a: unknown[]) => Promise<Transaction>).apply(target, args)) as Transaction;
          return wrapQueryable(started, { wroteTask: false }, observer);
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
        return async () => wrapQueryable<SqlDriverAdapter>(await (value as () => Promise<SqlDriverAdapter>).call(target), null, observer);
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
