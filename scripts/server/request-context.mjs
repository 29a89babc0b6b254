// The request a piece of code runs for, shared between this server and the app's bundle through globalThis (the
// app is compiled by Next into its own module graph, so a plain import would give it a second, empty store).
// lib/log reads it to put the request id on every line.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';

const KEY = Symbol.for('pss.requestContext');

/** @type {AsyncLocalStorage<{ requestId: string }>} */
export const requestContext = (globalThis[KEY] ??= new AsyncLocalStorage());

const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A request id a load balancer already gave (when it looks like one), else a new one. */
export function requestIdFor(req) {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : crypto.randomUUID();
}
