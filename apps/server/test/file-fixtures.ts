/** The multipart body that uploads a file, and the real files of the accepted kinds (`file-bytes.ts`). */
import type { TestApp } from './test-app.ts';

export { GIF, PDF, png, zip } from './file-bytes.ts';

export function multipart(field: string, filename: string, content: Buffer) {
  const boundary = '----water-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads `content` as the multipart part `field` (`file` unless told), with a user's token. */
export function uploadAs(
  t: TestApp,
  authorization: string,
  url: string,
  filename: string,
  content: Buffer,
  field = 'file',
  extraHeaders: Record<string, string> = {},
) {
  const { payload, headers } = multipart(field, filename, content);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...extraHeaders, ...headers, authorization } });
}
