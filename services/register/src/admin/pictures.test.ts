import { describe, expect, it } from 'vitest';
import { checkPicture, cleanSvg } from './pictures.ts';

function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

function webp(width: number, height: number): Buffer {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(22, 4);
  b.write('WEBPVP8X', 8, 'latin1');
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

describe('checkPicture (by its bytes)', () => {
  it('reads JPEG and WebP sizes from their headers', () => {
    expect(checkPicture(jpeg(640, 480))).toMatchObject({ ext: 'jpg', width: 640, height: 480 });
    expect(checkPicture(webp(300, 200))).toMatchObject({ ext: 'webp', width: 300, height: 200 });
  });

  it('refuses pictures above 4,000 px a side, whatever their weight', () => {
    expect(() => checkPicture(jpeg(4001, 10))).toThrow('Image trop grande : 4 000 × 4 000 pixels au plus.');
    expect(() => checkPicture(webp(20000, 20000))).toThrow('Image trop grande : 4 000 × 4 000 pixels au plus.');
    expect(() => checkPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="10"/>'))).toThrow(
      'Image trop grande',
    );
  });

  it('refuses what is not a PNG, JPEG, WebP or SVG — a GIF, a PDF, an HTML page, an SVG with entities', () => {
    for (const bytes of [
      Buffer.from('GIF89a....'),
      Buffer.from('%PDF-1.7'),
      Buffer.from('<html><body>x</body></html>'),
      Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg/>'),
    ]) {
      expect(() => checkPicture(bytes)).toThrow('Image refusée : seuls les fichiers PNG, JPEG, WebP et SVG sont acceptés.');
    }
    expect(() => checkPicture(Buffer.alloc(0))).toThrow('Aucune image reçue');
  });
});

describe('cleanSvg', () => {
  it('removes scripts, even split to survive one pass, handlers, javascript: links and embedded documents', () => {
    const svg = cleanSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><scr<script>x</script>ipt>alert(1)</script><image href="javascript:alert(2)"/><foreignObject><iframe src="https://x"></iframe></foreignObject><rect ONCLICK = "a()" width="4"/><use xlink:href=\'javascript:b()\'/></svg>',
    );
    expect(svg).not.toMatch(/script|onclick|javascript|foreignObject|iframe/i);
    expect(svg).toContain('<rect width="4"/>');
  });
});
