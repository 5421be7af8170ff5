/**
 * Pixel limits of uploaded pictures, read from the image's own header (image-size): a 48 KB PNG may
 * declare 50,000 × 50,000 px and exhaust the memory of every phone that shows it.
 */
import { imageSize } from 'image-size';
import { invalidInput } from './errors.ts';

/** 40 megapixels: far above any phone photo an association uploads (12–24 Mpx), far below a bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;

export const IMAGE_UNREADABLE = "L'image est illisible ou endommagée : enregistrez-la de nouveau (PNG, JPEG ou WebP) et réessayez.";
export const imageTooManyPixels = (width: number, height: number) =>
  `L'image est trop grande (${width} × ${height} pixels) : réduisez-la sous ${MAX_IMAGE_SIDE} pixels de côté et ${MAX_IMAGE_PIXELS / 1_000_000} mégapixels.`;

/** The width and height the header declares; 400 in French when unreadable or above the limits. */
export function checkImagePixels(bytes: Uint8Array): { width: number; height: number } {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw invalidInput(IMAGE_UNREADABLE);
  }
  const { width, height } = size;
  if (!width || !height) throw invalidInput(IMAGE_UNREADABLE);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw invalidInput(imageTooManyPixels(width, height));
  }
  return { width, height };
}
