import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkedLookup, checkLiteralHost, PrivateAddressError } from '../net/public-address';

/**
 * The S3-compatible bucket the backups' encrypted copies go to (AWS S3, Cloudflare R2, Backblaze
 * B2, MinIO), through the official SDK. Path-style addresses (`https://endpoint/bucket/key`) work
 * with every one of them (MinIO and R2 need them), so they are always used.
 */
export interface OffsiteBucket {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** A bucket that could not be used, in a sentence that says what is wrong and how to fix it. */
export class OffsiteStorageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OffsiteStorageError';
  }
}

function clientOf(bucket: OffsiteBucket): S3Client {
  return new S3Client({
    endpoint: bucket.endpoint,
    region: bucket.region,
    forcePathStyle: true,
    credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default (a streamed body sent as
    // `aws-chunked` with a trailing CRC) is not understood by every S3-compatible server, which
    // then stores the framing with the bytes (s3rver does; some providers refuse it).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // One retry: an unreachable endpoint is said within seconds, not after the SDK's backoff.
    maxAttempts: 2,
    // Each connection only to a public address of the endpoint, the one checked (platform/net/public-address.ts).
    requestHandler: {
      connectionTimeout: 5_000,
      requestTimeout: 60_000,
      httpAgent: new HttpAgent({ lookup: checkedLookup }),
      httpsAgent: new HttpsAgent({ lookup: checkedLookup }),
    },
  });
}

/** What the SDK reported, said for the admin setting the bucket up (never the secret). */
export function explainStorageError(error: unknown, bucket: OffsiteBucket): string {
  const refused = error instanceof PrivateAddressError ? error : (error as { cause?: unknown }).cause;
  if (refused instanceof PrivateAddressError) return refused.message;
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string }).code ?? '';
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  if (name === 'NoSuchBucket' || (name === 'NotFound' && status === 404)) {
    return `The bucket "${bucket.bucket}" does not exist at ${bucket.endpoint}: create it in the storage provider's console, or correct the bucket's name.`;
  }
  if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken'].includes(name)) {
    return 'The storage refused the access key: check the access key ID and the secret (copy them again from the provider), and that the key is still active.';
  }
  if (name === 'AccessDenied' || status === 403) {
    return `The access key may not write to the bucket "${bucket.bucket}": give it read and write access to that bucket in the provider's console.`;
  }
  if (['AuthorizationHeaderMalformed', 'PermanentRedirect', 'IllegalLocationConstraintException'].includes(name)) {
    return `The bucket is in another region than "${bucket.region}": set the region the provider shows for it (R2: auto).`;
  }
  if (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH'].includes(code) ||
    name === 'TimeoutError'
  ) {
    return `Could not reach ${bucket.endpoint} (${code || name}): check the endpoint's address (as the provider gives it, with https://) and that this server can reach the internet.`;
  }
  // Never what the peer said: it may not be S3 at all (a web page, an SSH banner).
  if (status !== undefined) {
    return `${bucket.endpoint} answered with an error (HTTP ${status}) that S3 storage does not give: check the endpoint's address (as the provider gives it, with https://).`;
  }
  return `${bucket.endpoint} did not answer as S3 storage does: check the endpoint's address (as the provider gives it, with https://) and its port.`;
}

async function attempt<T>(bucket: OffsiteBucket, work: (client: S3Client) => Promise<T>): Promise<T> {
  let client: S3Client | undefined;
  try {
    // A name is checked when resolved, at each connection; an address typed as such, here.
    checkLiteralHost(new URL(bucket.endpoint).hostname);
    client = clientOf(bucket);
    return await work(client);
  } catch (error) {
    throw new OffsiteStorageError(explainStorageError(error, bucket));
  } finally {
    client?.destroy();
  }
}

/** The console's "Test": writes, reads back the size of and deletes a small object. */
export async function testBucket(bucket: OffsiteBucket, now = new Date()): Promise<void> {
  const key = `rescue-connection-test-${now.getTime()}.txt`;
  const body = `A test of the animal rescue trust's backups, ${now.toISOString()}; deleted at once.\n`;
  await attempt(bucket, async (client) => {
    await client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: key, Body: body }));
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: key }));
    if (head.ContentLength !== Buffer.byteLength(body)) {
      throw new Error(`the test object read back ${head.ContentLength} bytes, not ${Buffer.byteLength(body)}`);
    }
    await client.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: key }));
  });
}

/** Uploads a file as one object (a single PUT: S3 takes up to 5 GB so). */
export async function uploadFile(bucket: OffsiteBucket, key: string, file: string): Promise<void> {
  const { size } = await stat(file);
  await attempt(bucket, (client) =>
    client.send(
      new PutObjectCommand({ Bucket: bucket.bucket, Key: key, Body: createReadStream(file), ContentLength: size }),
    ),
  );
}

/** Downloads an object into `file` (created, never overwritten). */
export async function downloadFile(bucket: OffsiteBucket, key: string, file: string): Promise<void> {
  await attempt(bucket, async (client) => {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: key }));
    await pipeline(object.Body as Readable, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  });
}
