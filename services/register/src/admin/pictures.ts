/**
 * Product pictures checked by their bytes, never by their name or declared type: PNG, JPEG, WebP,
 * or SVG cleaned of scripts; size and pixel limits (contract `PICTURE_LIMITS`).
 */
import { checkImagePixels, IMAGE_UNREADABLE } from '@kermesse/kit/http';
import { PICTURE_LIMITS } from '@kermesse/contracts-register';
import { invalid } from './errors.ts';

export interface CheckedPicture {
  ext: 'png' | 'jpg' | 'webp' | 'svg';
  width: number | null;
  height: number | null;
  data: Buffer;
}

const startsWith = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

/** The size the header declares, read by the kit (image-size); its refusals carry this domain's codes. */
function rasterSize(data: Buffer): [number, number] {
  try {
    const { width, height } = checkImagePixels(data);
    return [width, height];
  } catch (err) {
    throw invalid(err instanceof Error && err.message === IMAGE_UNREADABLE ? 'PICTURE_UNREADABLE' : 'PICTURE_PIXELS');
  }
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
      .replace(/<\s*\/\s*(script|foreignObject|iframe|embed|object|handler|listener)\s*>/gi, '')
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
    const [w, h] = rasterSize(data);
    checkPixels(w, h);
    return { ext: 'png', width: w, height: h, data };
  }
  if (startsWith(data, [0xff, 0xd8, 0xff])) {
    const [w, h] = rasterSize(data);
    checkPixels(w, h);
    return { ext: 'jpg', width: w, height: h, data };
  }
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    const [w, h] = rasterSize(data);
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
