import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { OffsiteBucket } from '../platform/backups/offsite-storage';

/** s3rver's fixed credentials: any other key is refused, as a real provider refuses a wrong one. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  /** A bucket that exists on it, with the right credentials. */
  bucket: OffsiteBucket;
  /** Where it keeps its objects (to read what was uploaded, as the provider stores it). */
  directory: string;
  close(): Promise<void>;
}

/** A real S3-compatible server over HTTP on 127.0.0.1 (s3rver), with one bucket. */
export async function startS3Server(bucketName = 'rescue-backups'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'rescue-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucketName }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: { endpoint, region: 'us-east-1', bucket: bucketName, accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
