import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRazorpayGateway, PaymentProviderError } from './gateway';
import { PROVIDER_MAX_SOCKETS } from './keep-alive';

/**
 * The gateway against a server that answers as Razorpay would, or would not: answers the sandbox
 * never gives (extra fields, wrong shapes) and the connections the SDK opens.
 */
let server: Server;
let connections = 0;
const requests: { method?: string; url?: string; body: string }[] = [];
let answer: (request: IncomingMessage) => unknown = () => ({});
/** Set: answers wait here until the test lets them go. */
let held: (() => void)[] | undefined;
/** A redirect instead of the answer, when set. */
let redirectTo: string | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push({ method: request.method, url: request.url, body });
      const respond = () => {
        const location = redirectTo ? { location: redirectTo } : {};
        response.writeHead(redirectTo ? 302 : 200, { 'content-type': 'application/json', ...location });
        response.end(JSON.stringify(answer(request)));
      };
      if (held) held.push(respond);
      else respond();
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const gateway = () =>
  createRazorpayGateway({
    keyId: 'rzp_test_Gateway00001',
    keySecret: 'secret',
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });

const payment = { id: 'pay_Parsed000001', amount: 50000, currency: 'INR', status: 'captured' };

describe('the gateway parses what Razorpay answers', () => {
  it('keeps the fields it reads and drops the rest', async () => {
    answer = () => ({
      entity: 'collection',
      count: 1,
      items: [{ ...payment, email: 'donor@example.org', vpa: 'x@upi' }],
    });
    expect(await gateway().fetchOrderPayments('order_Parsed00001')).toEqual([payment]);
  });

  it('turns an answer of the wrong shape into a PaymentProviderError naming the field, not its value', async () => {
    answer = () => ({ items: [{ ...payment, amount: 'fifty thousand from donor@example.org' }] });
    const error = await gateway()
      .fetchOrderPayments('order_Parsed00002')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).toMatch(/order payments lookup failed: unexpected answer \(items\.0\.amount\)/);
    expect((error as Error).message).not.toContain('donor@example.org');

    answer = () => ({ id: '', status: 'created' });
    await expect(gateway().fetchSubscription('sub_Parsed000001')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('cancels a subscription with POST /v1/subscriptions/:id/cancel', async () => {
    answer = () => ({ id: 'sub_Cancel0000001', entity: 'subscription', status: 'cancelled' });
    expect(await gateway().cancelSubscription('sub_Cancel0000001')).toEqual({
      id: 'sub_Cancel0000001',
      status: 'cancelled',
    });
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/v1/subscriptions/sub_Cancel0000001/cancel' });
  });

  it('reuses one kept-alive connection for calls in a row', async () => {
    answer = () => ({ id: 'sub_KeepAlive00001', status: 'active' });
    const client = gateway();
    const before = connections;
    for (let i = 0; i < 5; i++) await client.fetchSubscription('sub_KeepAlive00001');
    expect(connections - before).toBe(1);
  });

  it("sets a kept-alive connection's TCP keep-alive once, not again at each call (two system calls a call)", async () => {
    answer = () => ({ id: 'sub_KeepAlive00002', status: 'active' });
    // Counts what reaches the connection's handle: Node passes a setKeepAlive on only when it changes something.
    let sent = 0;
    const setKeepAlive = Socket.prototype.setKeepAlive;
    const counted = new WeakSet<object>();
    Socket.prototype.setKeepAlive = function (
      this: Socket & { _handle?: { setKeepAlive(...args: unknown[]): unknown } },
      ...args
    ) {
      const handle = this._handle;
      if (handle && !counted.has(handle)) {
        counted.add(handle);
        const send = handle.setKeepAlive.bind(handle);
        handle.setKeepAlive = (...given: unknown[]) => {
          sent += 1;
          return send(...given);
        };
      }
      return setKeepAlive.apply(this, args);
    };
    try {
      const client = gateway();
      await client.fetchSubscription('sub_KeepAlive00002');
      const afterFirst = sent;
      for (let i = 0; i < 5; i++) await client.fetchSubscription('sub_KeepAlive00002');
      expect(sent - afterFirst).toBe(0);
    } finally {
      Socket.prototype.setKeepAlive = setKeepAlive;
    }
  });

  it(`opens at most ${PROVIDER_MAX_SOCKETS} connections, however many calls wait at once, and reuses them`, async () => {
    answer = () => ({ id: 'sub_Pool000000001', status: 'active' });
    const client = gateway();
    const before = connections;
    const waiting: (() => void)[] = [];
    held = waiting;
    const calls = Array.from({ length: PROVIDER_MAX_SOCKETS + 20 }, () =>
      client.fetchSubscription('sub_Pool000000001'),
    );
    // Every connection the agent allows is busy; the other calls queue in it.
    while (waiting.length < PROVIDER_MAX_SOCKETS) await new Promise((resolve) => setTimeout(resolve, 10));
    held = undefined;
    for (const respond of waiting) respond();
    await Promise.all(calls);
    expect(connections - before).toBe(PROVIDER_MAX_SOCKETS);
  });

  it('does not follow a redirect: Razorpay never answers one, and the key must not go elsewhere', async () => {
    answer = () => ({ id: 'sub_Redirect00001', status: 'active' });
    redirectTo = '/elsewhere';
    const before = requests.length;
    try {
      await expect(gateway().fetchSubscription('sub_Redirect00001')).rejects.toBeInstanceOf(PaymentProviderError);
    } finally {
      redirectTo = undefined;
    }
    expect(requests.length - before).toBe(1);
  });
});

describe('the gateway behind a proxy', () => {
  it('sends its calls through the proxy the environment names when it is made (HTTP_PROXY, as axios reads it)', async () => {
    answer = () => ({ id: 'sub_Proxied000001', status: 'active' });
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
    // The test server stands in for the proxy; the API's host does not exist, so only the proxy can answer.
    process.env.HTTP_PROXY = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    delete process.env.NO_PROXY;
    try {
      const client = createRazorpayGateway({
        keyId: 'rzp_test_Proxy',
        keySecret: 'secret',
        apiUrl: 'http://razorpay.invalid',
      });
      expect(await client.fetchSubscription('sub_Proxied000001')).toEqual({
        id: 'sub_Proxied000001',
        status: 'active',
      });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    // A proxy is asked for the whole address.
    expect(requests.at(-1)).toMatchObject({
      method: 'GET',
      url: 'http://razorpay.invalid/v1/subscriptions/sub_Proxied000001',
    });
  });
});
