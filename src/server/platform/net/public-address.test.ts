import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectPublic, isPublicAddress, PrivateAddressError } from './public-address';

describe('the public-address rule', () => {
  beforeEach(() => vi.stubEnv('ALLOW_PRIVATE_HOSTS', ''));
  afterEach(() => vi.unstubAllEnvs());

  it('refuses every address that is not globally routable, and takes public ones', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '100.64.0.1', // shared (CGNAT)
      '169.254.169.254', // link-local: the cloud's metadata service
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1', // reserved
      '192.0.2.10', // documentation
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1', // unique-local
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '1.1.1.1', '142.250.183.109', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses a loopback address, and a name that resolves to one, before any connection', async () => {
    const server = createServer((socket) => socket.end());
    let connections = 0;
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await expect(connectPublic('127.0.0.1', port, 2_000)).rejects.toBeInstanceOf(PrivateAddressError);
      await expect(connectPublic('localhost', port, 2_000)).rejects.toThrow(/localhost is not on the public internet/);
      expect(connections).toBe(0);

      // The operator's switch lets the same connection through.
      vi.stubEnv('ALLOW_PRIVATE_HOSTS', '1');
      const socket = await connectPublic('localhost', port, 2_000);
      socket.destroy();
      expect(connections).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
