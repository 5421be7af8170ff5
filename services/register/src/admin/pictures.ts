/**
 * Product pictures checked by their bytes, never by their name or declared type: PNG, JPEG, WebP,
 * or SVG cleaned of scripts; size and pixel limits (contract `PICTURE_LIMITS`).
 */
import { PICTURE_LIMITS } from '@kermesse/contracts-register';
import { invalid } from './errors.ts';

export interface CheckedPicture { ext: 'png' | 'jpg' | 'webp' | 'svg'; width: number | null; height: number | null; data: Buffer }

const startsWith = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

function pngSize(b: Buffer): [number, number] {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') throw invalid('PICTURE_UNREADABLE');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

function jpegSize(b: Buffer): [number, number] {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) throw invalid('PICTURE_UNREADABLE');
    const marker = b[i + 1]!;
    if (marker === 0xff) { i += 1; continue; }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
    const length = b.readUInt16BE(i + 2);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return [b.readUInt16BE(i + 7), b.readUInt16BE(i + 5)];
    if (marker === 0xd9 || marker === 0xda) break;
    i += 2 + length;
  }
  throw invalid('PICTURE_UNREADABLE');
}

function webpSize(b: Buffer): [number, number] {
  if (b.length < 30) throw invalid('PICTURE_UNREADABLE');
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return [b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff];
  if (chunk === 'VP8L') {
    const [b0, b1, b2, b3] = [b[21]!, b[22]!, b[23]!, b[24]!];
    return [1 + (((b1 & 0x3f) << 8) | b0), 1 + (((b3 & 0xf) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6))];
  }
  if (chunk === 'VP8X') return [1 + b.readUIntLE(24, 3), 1 + b.readUIntLE(27, 3)];
  throw invalid('PICTURE_UNREADABLE');
}

function checkPixels(width: number, height: number): void {
  if (!(width > 0 && height > 0)) throw invalid('PICTURE_UNREADABLE');
  if (width > PICTURE_LIMITS.maxSide || height > PICTURE_LIMITS.maxSide || width * height > PICTURE_LIMITS.maxPixels) {
    throw invalid('PICTURE_PIXELS', { width, height });
  }
}

/** An SVG without anything that runs: scripts, event handlers, javascript: links, embedded documents. */
export function cleanSvg(text: string): string {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw invalid('PICTURE_TYPE');
  if (!/<svg[\s>]/i.test(text)) throw invalid('PICTURE_TYPE');
  let svg = text.replace(/^\uFEFF/, '');
  let previous: string;
  do {
    previous = svg;
    svg = svg
      .replace(/<\s*(script|foreignObject|iframe|embed|object|handler|listener)\b[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
      .replace(/<\s*(script|foreignObject|iframe|embed|object|handler|listener)\b[^>]*\/?>/gi, '')
      .replace(/\s(on[a-z]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
      .replace(/\s((?:xlink:)?href|src)\s*=\s*("\s*(?:javascript|data:text\/html)[^"]*"|'\s*(?:javascript|data:text\/html)[^']*')/gi, '');
  } while (svg !== previous);
  return svg;
}

function svgSize(svg: string): [number | null, number | null] {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const read = (name: string) => {
    const match = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)\\s*(px)?\\s*["']`, 'i').exec(root);
    return match ? Math.round(Number(match[1])) : null;
  };
  return [read('width'), read('height')];
}

/** Checks an uploaded picture; throws the contract's French 400 when it is not one we serve. */
export function checkPicture(data: Buffer): CheckedPicture {
  if (data.length === 0) throw invalid('PICTURE_MISSING');
  if (data.length > PICTURE_LIMITS.maxBytes) throw invalid('PICTURE_TOO_LARGE');
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    const [w, h] = pngSize(data);
    checkPixels(w, h);
    return { ext: 'png', width: w, height: h, data };
  }
  if (startsWith(data, [0xff, 0xd8, 0xff])) {
    const [w, h] = jpegSize(data);
    checkPixels(w, h);
    return { ext: 'jpg', width: w, height: h, data };
  }
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    const [w, h] = webpSize(data);
    checkPixels(w, h);
    return { ext: 'webp', width: w, height: h, data };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw invalid('PICTURE_TYPE');
  }
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text.replace(/^\uFEFF/, ''))) throw invalid('PICTURE_TYPE');
  const svg = cleanSvg(text);
  const [w, h] = svgSize(svg);
  if (w !== null && h !== null) checkPixels(w, h);
  return { ext: 'svg', width: w, height: h, data: Buffer.from(svg, 'utf8') };
}
