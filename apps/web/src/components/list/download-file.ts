/** Spec §9: `<timestamp>-<name>.<ext>`. */
export function downloadName(name: string, extension: string, now = Date.now()): string {
  return `${now}-${name}.${extension.replace(/^\./, '')}`;
}

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` preferred over
 * `filename="…"`), without any directory part; undefined when it names none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
    name = plain?.[2] ?? plain?.[1]?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : undefined;
}

/** The server's name for an export, or `<timestamp>-<fallback>.xlsx` when it sent none. */
export function exportFileName(header: string | null | undefined, fallback: string, now = Date.now()): string {
  return fileNameFromDisposition(header) ?? downloadName(fallback, 'xlsx', now);
}

/** Hands a received file to the browser's download. */
export function saveBlob(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
