import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyCapFor, capRequestBody, MAX_BODY } from './body-cap.mjs';

/**
 * The edge's body cap in front of a handler that reads its body whole, as next-auth's do: a chunked body (no
 * Content-Length) used to be read to the end, 150 MB at a time (issue: "Chunked bodies to the sign-in endpoints").
 */
let server: http.Server;
let port: number;
const received: Record<string, number> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (!capRequestBody(req, res)) return;
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      received[req.url!] = size;
    });
    req.on('end', () => {
      if (!res.headersSent) res.end(`read ${size}`);
    });
    req.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Sends a chunked body of `total` bytes in 64 kB pieces as fast as the socket takes them; resolves with the status line. */
function sendChunked(pathname: string, total: number): Promise<{ status: number; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let answer = '';
    const piece = Buffer.alloc(64 * 1024, 'a');
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    const finish = () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), sent });
    socket.on('close', finish);
    socket.on('error', () => {});
    socket.write(`POST ${pathname} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        sent += piece.length;
        const ok = socket.write(`${piece.length.toString(16)}\r\n`) && socket.write(piece) && socket.write('\r\n');
        if (!ok) return void socket.once('drain', pump);
      }
      if (!socket.destroyed) socket.end('0\r\n\r\n');
    };
    pump();
  });
}

describe('body caps at the edge (scripts/server/body-cap.mjs)', () => {
  it('knows each route family its cap', () => {
    expect(bodyCapFor('/api/auth/callback/credentials?x=1')).toBe(16 * 1024);
    expect(bodyCapFor('/api/auth/signout')).toBe(16 * 1024);
    expect(bodyCapFor('/api/stripe/webhook')).toBe(1024 * 1024);
    expect(bodyCapFor('/th/booking-v2')).toBe(MAX_BODY);
  });

  it('cuts a chunked 40 MB body to next-auth at 16 kB with a 413, and the handler never sees more', async () => {
    const r = await sendChunked('/api/auth/callback/credentials', 40 * 1024 * 1024);
    expect(r.status).toBe(413);
    expect(received['/api/auth/callback/credentials'] ?? 0).toBeLessThanOrEqual(16 * 1024);
    expect(r.sent).toBeLessThan(40 * 1024 * 1024);
  });

  it('refuses a declared length over the cap before reading anything', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/signout`, { method: 'POST', body: 'x'.repeat(20_000) });
    expect(res.status).toBe(413);
    expect(received['/api/auth/signout']).toBeUndefined();
  });

  it('lets a body within the cap through whole', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/callback/credentials`, { method: 'POST', body: 'email=a%40b.co&password=x' });
    expect(await res.text()).toBe('read 25');
  });
});
