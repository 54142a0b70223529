import { type Logger, pino } from 'pino';
import type { Config } from './config';

/**
 * Known places of personal data and secrets, should any log call pass them: donors' contact
 * details, payment signatures, secrets, session tokens, whole request or webhook bodies.
 */
const REDACTED_KEYS = [
  'email',
  'phone',
  'contact',
  'address',
  'pan',
  'aadhaar',
  'signature',
  'razorpay_signature',
  'razorpaySignature',
  'secret',
  'password',
  'token',
  'payload',
  'body',
];
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-razorpay-signature"]',
  'res.headers["set-cookie"]',
  ...REDACTED_KEYS,
  ...REDACTED_KEYS.map((key) => `*.${key}`),
  'donation.name',
  'input.name',
  'donor.name',
];

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * A signed link's key is part of its path (`/receipts/<id>.<expiry>.<HMAC>.pdf`), and a request
 * may reach the server in any shape (a trailing or doubled slash, `%2F`, other case) that misses
 * the route meant to stay quiet. So every run of 32 or more token characters in a path, whatever
 * the route, is written as `[redacted]`: no signature, token or key of that length is ever logged.
 */
const LONG_TOKEN = /[A-Za-z0-9_-]{32,}/g;
const loggablePath = (url: string | undefined) => url?.split('?')[0]?.replace(LONG_TOKEN, '[redacted]');

function requestWithoutQuery(request: LoggedRequest) {
  return {
    method: request.method,
    url: loggablePath(request.url),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** JSON lines in production (for log shippers); readable, coloured lines while developing. */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: REDACT_PATHS,
    // Errors keep their type, code, message and stack; never SQL, bound values or payloads.
    // Requests keep their path, never the query string: a GET's input (a searched donor's name) lives there.
    serializers: { err: safeError, req: requestWithoutQuery },
    ...(config.env === 'development' &&
      !destination && {
        transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
      }),
  };
  return destination ? pino(options, destination) : pino(options);
}

/** What an error may tell the log: no SQL, bound values, row details (`detail`), bodies or payloads. */
export function safeError(error: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!(error instanceof Error)) return error === undefined ? undefined : { message: 'non-error thrown' };
  const fields = error as Error & Record<string, unknown>;
  const message = withoutRowDetails(error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: error.constructor.name,
    message,
    ...(typeof fields.code === 'string' && { code: fields.code }),
    ...(typeof fields.statusCode === 'number' && { statusCode: fields.statusCode }),
    ...(typeof fields.table === 'string' && { table: fields.table }),
    ...(typeof fields.constraint === 'string' && { constraint: fields.constraint }),
    stack: [`${error.constructor.name}: ${message}`, ...frames].join('\n'),
    ...(error.cause !== undefined && depth < 5 && { cause: safeError(error.cause, depth + 1) }),
  };
}

/**
 * PostgreSQL's `detail` and `hint` (which MikroORM appends to the message) quote the row's values;
 * knex prefixes the SQL, which holds values when a statement was compiled with them inline.
 */
function withoutRowDetails(message: string): string {
  const [head = ''] = message.split(/\n - (?:detail|hint): /);
  const sqlPrefix = /^\s*(?:insert|update|delete|select|with)\b[\s\S]* - /i;
  return head.replace(sqlPrefix, '');
}
