import type { Readable } from 'node:stream';
import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { FastifyReply } from 'fastify';
import type { ObjectStorage } from '../config.ts';
import { mimeOfStoredName } from './file-kinds.ts';
import { type FileStore, fileHeaders, isStoredName, newStoredName, type SendOptions } from './file-storage.ts';
import { notFound } from './http-errors.ts';

/** The status of a refused S3 call, or undefined for a failure without an answer. */
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Files in an S3-compatible bucket, under a prefix per kind (`files/`, `avatar/`): what several
 * instances share. The SDK is loaded only when STORAGE_URL is set.
 */
export class S3FileStore implements FileStore {
  private constructor(
    private readonly client: S3Client,
    private readonly sdk: typeof import('@aws-sdk/client-s3'),
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  /** One client for every store of the bucket. */
  static async connect(storage: ObjectStorage): Promise<(prefix: string) => S3FileStore> {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      endpoint: storage.endpoint,
      region: storage.region,
      credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
      // MinIO and most self-hosted stores address buckets by path.
      forcePathStyle: true,
      // Checksums only where the API requires them: not every S3-compatible store knows the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return (prefix) => new S3FileStore(client, sdk, storage.bucket, prefix);
  }

  async save(bytes: Buffer, extension: string | null): Promise<string> {
    const name = newStoredName(extension);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + name,
        Body: bytes,
        ContentType: mimeOfStoredName(name),
      }),
    );
    return name;
  }

  async remove(names: readonly (string | null | undefined)[]): Promise<void> {
    for (const name of names) {
      if (name && isStoredName(name)) {
        await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }));
      }
    }
  }

  async send(reply: FastifyReply, name: string, options: SendOptions): Promise<FastifyReply> {
    if (!isStoredName(name)) throw notFound(options.missing);
    const { headers } = reply.request;
    let object: GetObjectCommandOutput;
    try {
      object = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: this.prefix + name,
          IfNoneMatch: headers['if-none-match'],
          Range: typeof headers.range === 'string' && /^bytes=\d*-\d*$/.test(headers.range) ? headers.range : undefined,
        }),
      );
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return fileHeaders(reply, options).code(304).header('etag', headers['if-none-match']).send();
      if (status === 404) throw notFound(options.missing);
      if (status === 416) return reply.code(416).header('content-range', 'bytes */*').send();
      throw error;
    }
    fileHeaders(reply, options).header('content-type', mimeOfStoredName(name)).header('accept-ranges', 'bytes');
    if (object.ETag) reply.header('etag', object.ETag);
    if (object.LastModified) reply.header('last-modified', object.LastModified.toUTCString());
    if (object.ContentLength !== undefined) reply.header('content-length', object.ContentLength);
    if (object.ContentRange) reply.code(206).header('content-range', object.ContentRange);
    return reply.send(object.Body as Readable);
  }
}
