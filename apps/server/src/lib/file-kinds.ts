import { invalidField } from './http-errors.ts';

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

/** The type of a stored file, from the extension its content gave it (`kindOf`). */
export function mimeOfStoredName(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (TEXT_EXTENSIONS.has(extension)) return 'text/plain; charset=utf-8';
  return STORED_MIMES[extension] ?? 'application/octet-stream';
}

/** The extensions `file-type` gives the accepted kinds, and their types. */
const STORED_MIMES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  cfb: 'application/x-cfb',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  rar: 'application/x-rar-compressed',
};

/** Plain-text files have no signature; these extensions are accepted when the bytes are text. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'sql', 'json', 'md', 'log']);

const looksLikeText = (bytes: Buffer) => !bytes.subarray(0, 8192).includes(0);

/**
 * What the content really is, judged from its bytes (and, for plain text, its extension), or
 * undefined for anything not on the allowlist: HTML, SVG, scripts and executables never are.
 */
export async function kindOf(bytes: Buffer, extension: string): Promise<FileKind | undefined> {
  const sniffed = await (await import('file-type')).fileTypeFromBuffer(bytes);
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

/** Avatars: the raster images every browser shows. */
export const AVATAR_MIMES = ['image/png', 'image/jpeg', 'image/gif'];

/**
 * Names a browser (or the desktop) would render or run, whatever the bytes are: a file called so
 * is refused even when its content is harmless, so that no copy of it ever carries that name.
 */
const ACTIVE_EXTENSIONS = new Set([
  ...['html', 'htm', 'xhtml', 'xht', 'shtml', 'mht', 'mhtml', 'svg', 'svgz', 'xml', 'xsl', 'xslt', 'rss', 'atom'],
  ...['js', 'mjs', 'cjs', 'jsx', 'ts', 'wasm', 'swf', 'hta', 'php', 'phtml', 'jsp', 'asp', 'aspx'],
  ...['exe', 'com', 'scr', 'msi', 'dll', 'bat', 'cmd', 'sh', 'ps1', 'vbs', 'jar', 'lnk', 'url', 'desktop'],
]);

/** The names a detected type also goes by (file-type answers one extension per type). */
const SAME_TYPE: Record<string, readonly string[]> = {
  jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  cfb: ['cfb', 'doc', 'xls', 'ppt'],
  gz: ['gz', 'tgz'],
  // Office files are zip archives, which file-type does not always see into: stored as .zip, harmless.
  zip: ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'],
};

/** The extension of a file name, lower case, without folders: `''` when there is none. */
export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0
    ? base
        .slice(dot + 1)
        .trim()
        .toLowerCase()
    : '';
}

/**
 * What an upload is, refusing (400 on `field`, naming the file) a name that claims an active type
 * (HTML, SVG, scripts…) whatever the content, and a name that says another type than the
 * content is; undefined when the content is not on the allowlist. A name without extension (a
 * cropped image arrives as "blob") leaves the content to decide.
 */
export async function uploadKind(bytes: Buffer, filename: string, field: string): Promise<FileKind | undefined> {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the name is shown back, without control characters
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '');
  const shown = base.length > 100 ? `${base.slice(0, 80)}…${base.slice(-19)}` : base;
  const extension = extensionOf(base);
  if (ACTIVE_EXTENSIONS.has(extension)) {
    throw invalidField(field, { key: 'errors.files.activeExtension', values: { name: shown, extension } }, 'format');
  }
  const kind = await kindOf(bytes, extension);
  if (
    kind &&
    extension &&
    kind.category !== 'text' &&
    !(SAME_TYPE[kind.extension] ?? [kind.extension]).includes(extension)
  ) {
    throw invalidField(
      field,
      { key: 'errors.files.contentDiffers', values: { name: shown, content: kind.extension, extension } },
      'format',
    );
  }
  return kind;
}
