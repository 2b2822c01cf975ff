/** Real files of the accepted kinds, made in memory: for the API tests and the journeys. */
import { deflateSync } from 'node:zlib';

/** A real 1×1 PNG. */
export function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 1×1 GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** The start of a PDF: what file-type recognises one by. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A plain zip archive holding one stored (uncompressed) file. */
export function zip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const fields = (...sizes: [number, number][]) =>
    Buffer.concat(
      sizes.map(([bytes, value]) => {
        const field = Buffer.alloc(bytes);
        if (bytes === 2) field.writeUInt16LE(value);
        else field.writeUInt32LE(value >>> 0);
        return field;
      }),
    );
  const sums = fields([4, crc32(content)], [4, content.length], [4, content.length], [2, fileName.length], [2, 0]);
  const local = Buffer.concat([fields([4, 0x04034b50], [2, 20], [2, 0], [2, 0], [2, 0], [2, 0]), sums, fileName]);
  const central = Buffer.concat([
    fields([4, 0x02014b50], [2, 20], [2, 20], [2, 0], [2, 0], [2, 0], [2, 0]),
    sums,
    fields([2, 0], [2, 0], [2, 0], [4, 0], [4, 0]),
    fileName,
  ]);
  const offset = local.length + content.length;
  const end = fields([4, 0x06054b50], [2, 0], [2, 0], [2, 1], [2, 1], [4, central.length], [4, offset], [2, 0]);
  return Buffer.concat([local, content, central, end]);
}
