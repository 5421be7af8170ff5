/** Recognises an image by its first bytes (never by its name or the type the browser claims). */

export interface ImageType {
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  contentType: string;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** PNG, JPEG, GIF or WebP; undefined for anything else (SVG included: it can carry scripts). */
export function detectImageType(head: Uint8Array): ImageType | undefined {
  if (startsWith(head, PNG)) return { ext: 'png', contentType: 'image/png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return { ext: 'gif', contentType: 'image/gif' };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return { ext: 'webp', contentType: 'image/webp' };
  return undefined;
}

/** Content type of a stored illustration, from the extension the service gave it. */
export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
