/** A rectangle in pixels (react-easy-crop's `croppedAreaPixels` has this shape). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The side of the square an avatar or logo is stored at. */
export const CROPPED_SIZE = 256;

/** What `drawImage(image, sx, sy, sw, sh, dx, dy, dw, dh)` is given. */
export interface DrawPlan {
  source: PixelArea;
  target: PixelArea;
}

/**
 * Where the chosen area of the image lands on a `size`×`size` canvas. The area may reach past the
 * image (zoomed out, or rounding at its edges): only the part inside the image is drawn, at the
 * place it has in the area, and the rest stays transparent. Null when nothing of the image is in it.
 */
export function planSquareCrop(
  area: PixelArea,
  image: { width: number; height: number },
  size = CROPPED_SIZE,
): DrawPlan | null {
  if (area.width <= 0 || area.height <= 0) return null;
  const left = Math.max(area.x, 0);
  const top = Math.max(area.y, 0);
  const right = Math.min(area.x + area.width, image.width);
  const bottom = Math.min(area.y + area.height, image.height);
  if (right <= left || bottom <= top) return null;
  const scaleX = size / area.width;
  const scaleY = size / area.height;
  return {
    source: { x: left, y: top, width: right - left, height: bottom - top },
    target: {
      x: (left - area.x) * scaleX,
      y: (top - area.y) * scaleY,
      width: (right - left) * scaleX,
      height: (bottom - top) * scaleY,
    },
  };
}

/** WebP when the browser can encode it (smaller), else PNG; both keep transparency. */
function toBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  const encode = (type: string, quality?: number) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  return encode('image/webp', 0.9).then(async (webp) => {
    // A browser without a WebP encoder answers PNG instead: take that as it is.
    if (webp && (webp.type === 'image/webp' || webp.type === 'image/png')) return webp;
    const png = await encode('image/png');
    if (!png) throw new Error('The image could not be encoded.');
    return png;
  });
}

/** Loads an image (an object URL of the chosen file). */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The file is not an image this browser can read.'));
    image.src = url;
  });
}

/** The chosen area of the image as a CROPPED_SIZE square (WebP or PNG), drawn on a canvas. */
export async function cropToSquare(imageUrl: string, area: PixelArea, size = CROPPED_SIZE): Promise<Blob> {
  const image = await loadImage(imageUrl);
  const plan = planSquareCrop(area, { width: image.naturalWidth, height: image.naturalHeight }, size);
  if (!plan) throw new Error('The chosen area is outside the image.');
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images.');
  context.imageSmoothingQuality = 'high';
  const { source: s, target: t } = plan;
  context.drawImage(image, s.x, s.y, s.width, s.height, t.x, t.y, t.width, t.height);
  return toBlob(canvas);
}
