import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { connect, isIP, type LookupFunction, type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The servers an admin names in the console (the mail server, the off-site bucket) are reached
 * only at globally routable addresses: never loopback, private, link-local, shared (CGNAT),
 * reserved, multicast or unspecified ones, nor IPv6's unique-local, link-local or other special
 * ranges. A name is resolved and every address it resolves to checked, and the connection is
 * made to the checked address (a second lookup could answer otherwise: DNS rebinding).
 *
 * `ALLOW_PRIVATE_HOSTS=1` in the environment lifts the rule (a mail relay or MinIO on the trust's
 * own network). It is read at each connection, from the process's environment, so the server, the
 * backup and restore commands and the copies all follow the one switch without threading it through.
 * The in-process development mailbox never comes here; SMTP_URL does, as the console's server does.
 */

/**
 * An address the rule refuses: said in a fixed sentence, never with what any server answered. The
 * sentence is for a trustee in the console: the engineer's switch (ALLOW_PRIVATE_HOSTS) is in
 * docs/operations.md, not here.
 */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(readonly host: string) {
    super(
      `${host} is not on the public internet (it is a private or local address), and the server connects only to public ones: use the public server name your provider gives (for mail, e.g. smtp.gmail.com).`,
    );
    this.name = 'PrivateAddressError';
  }
}

export const privateHostsAllowed = () => process.env.ALLOW_PRIVATE_HOSTS === '1';

/**
 * Whether an address is globally routable: ipaddr.js names every special range and answers
 * 'unicast' for no other; an IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** A loopback host: `localhost` or an address in 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare.toLowerCase() === 'localhost') return true;
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

/** Refuses a literal address that is not public (a name is checked when resolved, at connection). */
export function checkLiteralHost(host: string): void {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) && !privateHostsAllowed() && !isPublicAddress(bare)) throw new PrivateAddressError(host);
}

/**
 * A `lookup` for `net.connect` and HTTP agents: resolves every address, refuses the whole name if
 * any one is not public, and hands the socket the addresses it checked.
 */
export const checkedLookup: LookupFunction = (hostname, options, callback) => {
  const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
  dnsLookup(hostname, { all: true, family }, (error, addresses) => {
    if (error) return callback(error, []);
    if (
      !privateHostsAllowed() &&
      (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address)))
    ) {
      return callback(new PrivateAddressError(hostname) as NodeJS.ErrnoException, []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
};

/** A TCP connection to a public address of `host` (see above), or the reason it was not made. */
export function connectPublic(host: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    try {
      checkLiteralHost(host);
    } catch (error) {
      reject(error);
      return;
    }
    const socket = connect({ host, port, lookup: checkedLookup });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error(`no connection to ${host}:${port} in time`), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
