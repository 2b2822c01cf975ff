import type { FastifyRequest } from 'fastify';
import { HttpError, invalidField, malformedBody } from './http-errors.ts';

export interface Upload {
  bytes: Buffer;
  /** The name the client gave the file, as sent. */
  filename: string;
}

/**
 * Reads the one file part named `field` of a multipart request. A body that is not multipart, or
 * whose parts cannot be read (no boundary, a boundary that does not match, a cut-off part), is a
 * 400; a file over `maxBytes` (or the server's upload limit) a 413.
 */
export async function readUpload(request: FastifyRequest, field: string, maxBytes?: number): Promise<Upload> {
  if (!request.isMultipart()) throw invalidField(field, { key: 'errors.files.multipart' }, 'type');
  try {
    const part = await request.file(maxBytes === undefined ? undefined : { limits: { fileSize: maxBytes, files: 1 } });
    if (part?.fieldname !== field) throw invalidField(field, { key: 'errors.required' }, 'required');
    return { bytes: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The size limit is the client's to respect: it keeps its own status (413).
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw error;
    throw malformedBody('The multipart body cannot be read: check its boundary and parts');
  }
}

/** A display name from an uploaded one: no folders, no control characters, at most 200 characters. */
export function displayName(uploaded: string): string {
  const base = uploaded.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, 200);
}
