import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A body far over the limit, over a real socket, is answered 413 every time, and the client reads
 * it: no EPIPE or reset before the status line (Fastify's own answer closed the socket while the
 * client was still sending, and the kernel reset the connection over the unread bytes).
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const SIZE = 4 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** POSTs SIZE bytes of JSON as fast as the socket takes them; what came back, and any socket error. */
function post(path: string, chunked: boolean): Promise<{ received: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let error: string | undefined;
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
    });
    socket.on('error', (failure: NodeJS.ErrnoException) => {
      error = failure.code;
    });
    socket.on('close', () => resolve({ received, error }));
    socket.on('connect', async () => {
      const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${SIZE}`;
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${length}\r\n\r\n`);
      const closed = once(socket, 'close');
      for (let sent = 0; sent < SIZE && socket.writable; sent += CHUNK.length) {
        const piece = chunked
          ? Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')])
          : CHUNK;
        if (!socket.write(piece)) await Promise.race([once(socket, 'drain'), closed]);
      }
      if (socket.writable) socket.end(chunked ? '0\r\n\r\n' : '');
    });
  });
}

describe('a 4 MB body', () => {
  for (const path of ['/api/donations', '/trpc/donation.create', '/api/webhooks/razorpay']) {
    it(`to ${path}: 413 read by the client, 20 times out of 20, with Content-Length`, async () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const { received, error } = await post(path, false);
        expect(received.split('\r\n')[0], `attempt ${attempt}: ${error}`).toBe('HTTP/1.1 413 Payload Too Large');
        expect(error, `attempt ${attempt}`).toBeUndefined();
        expect(received).toMatch(/\r\nconnection: close\r\n/i);
        expect(received).toMatch(/\{"message":"The body is larger than \d+ KB"\}$/);
      }
    });

    it(`to ${path}: 413 read by the client, chunked, with no length announced`, async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const { received, error } = await post(path, true);
        expect(received.split('\r\n')[0], `attempt ${attempt}: ${error}`).toBe('HTTP/1.1 413 Payload Too Large');
        expect(error, `attempt ${attempt}`).toBeUndefined();
      }
    });
  }

  it('a body within the limit is still read and answered as before', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/donations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": 1}',
    });
    expect(response.status).toBe(400);
  });
});
