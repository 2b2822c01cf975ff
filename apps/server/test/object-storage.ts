import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** STORAGE_URL of the bucket. */
  url: string;
  stop(): Promise<void>;
}

/** A real S3-compatible server on loopback with one empty bucket, its objects in a temporary directory. */
export async function startLocalS3(bucket = 'console-files'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'water-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    // s3rver's built-in credentials.
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
