import { AVATAR_OUTPUT_TYPE, type CropArea, cropOutputSize } from './avatar-crop.ts';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = src;
  });
}

/** Draws the cropped area of a picture at the avatar size and returns it as a PNG file. */
export async function cropImage(src: string, area: CropArea): Promise<Blob> {
  const image = await loadImage(src);
  const size = cropOutputSize(area);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The picture could not be drawn');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be saved'))),
      AVATAR_OUTPUT_TYPE,
    );
  });
}
