/** Spec §9: `<timestamp>-<name>.<ext>`. */
export function downloadName(name: string, extension: string, now = Date.now()): string {
  return `${now}-${name}.${extension.replace(/^\./, '')}`;
}

/** Saves a received file (e.g. an xlsx export) under the download name. */
export function saveDownload(data: Blob, name: string, extension: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(name, extension);
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
