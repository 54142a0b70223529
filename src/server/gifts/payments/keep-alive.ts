import http from 'node:http';
import https from 'node:https';

/**
 * At most this many connections to Razorpay at once; more calls wait for a free one. Each new
 * connection is a TLS handshake across the internet, so a burst must not open one per donor.
 * It is above the concurrency Razorpay's ~250 ms answers need for 200 donors starting at once
 * (200 calls in flight), so the cap bounds the pool without queueing those donors.
 */
export const PROVIDER_MAX_SOCKETS = 256;

/**
 * The TCP keep-alive probes' initial delay that axios sets on a connection at each call it makes
 * (its http adapter: `socket.setKeepAlive(true, 60_000)`). The agent sets its own on the connection
 * each time a call hands it back; with the same delay Node skips both system calls after the first,
 * where different delays (the agent's default is 1 s) cost two `setsockopt`s per call.
 */
export const AXIOS_KEEP_ALIVE_DELAY_MS = 60_000;

/**
 * The SDK's HTTP agents: connections kept alive and reused. Idle sockets are unref'd by Node's
 * agent, so they never hold the process open.
 */
export function providerAgents(): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  const options = {
    keepAlive: true,
    keepAliveMsecs: AXIOS_KEEP_ALIVE_DELAY_MS,
    maxSockets: PROVIDER_MAX_SOCKETS,
    maxFreeSockets: PROVIDER_MAX_SOCKETS,
  };
  return { httpAgent: new http.Agent(options), httpsAgent: new https.Agent(options) };
}
