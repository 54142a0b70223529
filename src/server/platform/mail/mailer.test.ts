import { networkInterfaces } from 'node:os';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../net/free-port';
import { PrivateAddressError } from '../net/public-address';
import { createMailer, smtpServerOfUrl } from './mailer';

/**
 * SMTP_URL is held to the console's mail server rules (mailer.ts, `smtpTransportOptions`): TLS
 * required, the password never sent in clear, and only public addresses unless ALLOW_PRIVATE_HOSTS=1.
 */

const log = { info: () => {}, warn: () => {}, error: () => {} };
const PASSWORD = 'SmtpUrlPasswordNeverInClear';

/** This machine's own network address, not loopback (where ALLOW_PRIVATE_HOSTS=1 allows a plain relay). */
function networkAddress(): string {
  const host = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4')?.address;
  if (!host) throw new Error('this test needs a network address besides loopback');
  return host;
}

/** A real SMTP server that offers no STARTTLS and takes AUTH in clear: what the rules must never feed. */
async function plainServer(host: string) {
  const logins: string[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect: (_session, callback) => {
      connections += 1;
      callback();
    },
    onAuth: (auth, _session, callback) => {
      logins.push(String(auth.password));
      callback(null, { user: auth.username });
    },
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port,
    logins,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mailerFor = (smtpUrl: string) =>
  createMailer({ env: 'production', siteUrl: 'https://rescue.example.org', mail: { smtpUrl, from: undefined } }, log);
const mail = { from: 'receipts@rescue.example.org', to: 'asha@example.com', subject: 'Hello', text: 'Hello' };

afterEach(() => vi.unstubAllEnvs());

describe('SMTP_URL', () => {
  it('reads smtps:// as TLS from the start, and the default ports', () => {
    expect(smtpServerOfUrl('smtps://a%40b.org:p%2Fw@smtp.example.org')).toEqual({
      host: 'smtp.example.org',
      port: 465,
      user: 'a@b.org',
      password: 'p/w',
      secure: true,
    });
    expect(smtpServerOfUrl('smtp://[::1]:2525')).toMatchObject({ host: '::1', port: 2525, secure: false, user: null });
    expect(smtpServerOfUrl('smtp://smtp.example.org')).toMatchObject({ port: 587, secure: false });
  });

  it('requires TLS: a server that offers no STARTTLS never receives the password', async () => {
    const server = await plainServer(networkAddress());
    const mailer = await mailerFor(`smtp://anita%40rescue.example.org:${PASSWORD}@${networkAddress()}:${server.port}`);
    try {
      await expect(mailer.transport?.sendMail(mail)).rejects.toThrow(/STARTTLS|TLS/i);
      expect(server.connections()).toBe(1);
      expect(server.logins).toEqual([]);
    } finally {
      await mailer.close();
      await server.close();
    }
  });

  it('goes only to public addresses unless ALLOW_PRIVATE_HOSTS=1', async () => {
    vi.stubEnv('ALLOW_PRIVATE_HOSTS', '');
    const server = await plainServer('127.0.0.1');
    const mailer = await mailerFor(`smtp://anita:${PASSWORD}@127.0.0.1:${server.port}`);
    try {
      await expect(mailer.transport?.sendMail(mail)).rejects.toBeInstanceOf(PrivateAddressError);
      expect(server.connections()).toBe(0);
    } finally {
      await mailer.close();
    }
    // Allowed, a relay on this machine's loopback is spoken to in plain SMTP: nothing crosses a network.
    vi.stubEnv('ALLOW_PRIVATE_HOSTS', '1');
    const allowed = await mailerFor(`smtp://anita:${PASSWORD}@127.0.0.1:${server.port}`);
    try {
      await expect(allowed.transport?.sendMail(mail)).resolves.toMatchObject({
        response: expect.stringMatching(/^250/),
      });
      expect(server.logins).toEqual([PASSWORD]);
    } finally {
      await allowed.close();
      await server.close();
    }
  });
});
