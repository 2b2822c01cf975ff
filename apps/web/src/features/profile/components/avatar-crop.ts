/** A rectangle of the source image, in pixels or in percent of its size. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Avatars are stored square and no larger than this: they show at 30 to 100 px. */
export const AVATAR_OUTPUT_SIZE = 256;

/**
 * The size of the stored image for a cropped area: the area's own size, scaled down (never up,
 * which would only blur) to fit `max`, with the area's proportions and at least one pixel.
 */
export function cropOutputSize(area: Pick<CropArea, 'width' | 'height'>, max = AVATAR_OUTPUT_SIZE) {
  const width = Math.max(1, Math.round(area.width));
  const height = Math.max(1, Math.round(area.height));
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Where to put the whole image inside a `size`×`size` window so the window shows exactly the
 * cropped area (given in percent of the image), for a live preview without drawing.
 */
export function previewPlacement(area: CropArea, size: number) {
  const width = (size * 100) / area.width;
  const height = (size * 100) / area.height;
  return { width, height, left: (-area.x * width) / 100, top: (-area.y * height) / 100 };
}

/** Image types the server accepts, and the one the cropped image is stored as. */
export const AVATAR_SOURCE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
export const AVATAR_OUTPUT_TYPE = 'image/png';
/** Larger pictures would only slow the browser down; the stored avatar is small anyway. */
export const AVATAR_SOURCE_MAX_BYTES = 20 * 1024 * 1024;

export type SourceProblem = 'type' | 'size' | undefined;

export function checkAvatarSource(file: { type: string; size: number }): SourceProblem {
  if (!AVATAR_SOURCE_TYPES.includes(file.type)) return 'type';
  if (file.size > AVATAR_SOURCE_MAX_BYTES) return 'size';
  return undefined;
}
