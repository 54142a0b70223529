// Preloaded into the benchmarked server (`node --import`): counts the TCP connections its HTTP
// agents open (the Razorpay SDK's, to the sandbox here) and writes the running total to
// BENCH_SOCKET_COUNT_FILE, so the benchmark can say how many connections 1,000 donations cost.
import { writeFileSync } from 'node:fs';
import http from 'node:http';

const file = process.env.BENCH_SOCKET_COUNT_FILE;
if (file) {
  let opened = 0;
  let written = -1;
  const createConnection = http.Agent.prototype.createConnection;
  http.Agent.prototype.createConnection = function (this: http.Agent, ...args: Parameters<typeof createConnection>) {
    opened += 1;
    return createConnection.apply(this, args);
  };
  setInterval(() => {
    if (opened === written) return;
    written = opened;
    writeFileSync(file, String(opened));
  }, 50).unref();
}
