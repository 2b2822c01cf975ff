import { fileTypeFromBuffer } from 'file-type';

export type FileCategory = 'image' | 'document' | 'archive' | 'text';

export interface FileKind {
  category: FileCategory;
  mime: string;
  /** Shown in the browser rather than downloaded: only raster images. */
  inline: boolean;
  /** The extension a stored file of this kind gets, whatever the upload was called. */
  extension: string;
}

const SNIFFED: Record<string, { category: FileCategory; inline?: boolean }> = {
  'image/png': { category: 'image', inline: true },
  'image/jpeg': { category: 'image', inline: true },
  'image/gif': { category: 'image', inline: true },
  'image/webp': { category: 'image', inline: true },
  'image/bmp': { category: 'image', inline: true },
  'application/pdf': { category: 'document' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { category: 'document' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { category: 'document' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { category: 'document' },
  'application/x-cfb': { category: 'document' },
  'application/zip': { category: 'archive' },
  'application/gzip': { category: 'archive' },
  'application/x-tar': { category: 'archive' },
  'application/x-7z-compressed': { category: 'archive' },
  'application/x-rar-compressed': { category: 'archive' },
};

/** Plain-text files have no signature; these extensions are accepted when the bytes are text. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'sql', 'json', 'md', 'log']);

const looksLikeText = (bytes: Buffer) => !bytes.subarray(0, 8192).includes(0);

/**
 * What the content really is, judged from its bytes (and, for plain text, its extension), or
 * undefined for anything not on the allowlist: HTML, SVG, scripts and executables never are.
 */
export async function kindOf(bytes: Buffer, extension: string): Promise<FileKind | undefined> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed) {
    const known = SNIFFED[sniffed.mime];
    return known
      ? { category: known.category, mime: sniffed.mime, inline: known.inline ?? false, extension: sniffed.ext }
      : undefined;
  }
  if (TEXT_EXTENSIONS.has(extension) && looksLikeText(bytes)) {
    return { category: 'text', mime: 'text/plain; charset=utf-8', inline: false, extension };
  }
  return undefined;
}

export const ACCEPTED_DESCRIPTION =
  'images (png, jpeg, gif, webp, bmp), PDF and Office documents, archives (zip, gz, tar, 7z, rar) and plain text (txt, csv, sql, json, md, log)';

/** Avatars: the raster images every browser shows. */
export const AVATAR_MIMES = ['image/png', 'image/jpeg', 'image/gif'];
