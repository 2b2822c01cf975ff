/** The longest side of a photo sent with a report: enough to see a dirty tap, small enough for a slow line. */
const MAX_SIDE = 1280;
/** What the server takes (REPORT_PHOTO_MAX_CHARS), with room to spare. */
const MAX_CHARS = 650_000;

/** A photo from the phone, resized on it and encoded as JPEG, as the report's data URL. */
export async function resizedPhoto(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  let side = MAX_SIDE;
  for (let attempt = 0; attempt < 4; attempt++) {
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const url = canvas.toDataURL('image/jpeg', 0.72);
    if (url.length <= MAX_CHARS) return url;
    side = Math.round(side * 0.7);
  }
  throw new Error('photo too large');
}
