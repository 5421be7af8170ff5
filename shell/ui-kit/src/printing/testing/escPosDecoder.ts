/**
 * Test-only reader of the ESC/POS bytes the register sends (the subset the encoder emits), so tests
 * check what a printer would do — the text in its code page, the cut, the drawer pulse, the width —
 * instead of comparing bytes. An unknown command fails the test rather than being skipped.
 */
import CodepageEncoder from '@point-of-sale/codepage-encoder';

/** Epson's numbering of the code pages the register may select (ESC t n). */
const EPSON_CODEPAGES: Record<number, string> = { 0: 'cp437', 2: 'cp850', 16: 'windows1252', 19: 'cp858' };

export interface DecodedPrint {
  /** The printed lines, decoded from the selected code page. */
  lines: string[];
  /** `init`, `codepage cp858`, `pulse`, `cut`… in the order sent. */
  commands: string[];
  /** Code pages selected with ESC t. */
  codepages: string[];
  cuts: number;
  pulses: Array<{ pin: number; onMs: number; offMs: number }>;
  /** The QR codes printed (GS ( k: stored, then printed), with what they hold. */
  qrcodes: string[];
}

function charTable(codepage: string): string[] {
  return CodepageEncoder.getCodepoints(codepage as never, true).map((point) => String.fromCodePoint(point));
}

/** Reads ESC/POS `bytes`; throws on a command this reader does not know. */
export function decodeEscPos(bytes: Uint8Array): DecodedPrint {
  const out: DecodedPrint = { lines: [], commands: [], codepages: [], cuts: 0, pulses: [], qrcodes: [] };
  let qrStored: string | null = null;
  let table = charTable('cp437');
  let line = '';
  const endLine = () => {
    out.lines.push(line);
    line = '';
  };
  let i = 0;
  const next = (): number => {
    const value = bytes[i++];
    if (value === undefined) throw new Error('Commande ESC/POS tronquée');
    return value;
  };
  while (i < bytes.length) {
    const byte = next();
    if (byte === 0x0a) {
      endLine();
      continue;
    }
    if (byte === 0x0d) continue;
    if (byte === 0x1b) {
      const command = next();
      if (command === 0x40) out.commands.push('init');
      else if (command === 0x74) {
        const number = next();
        const page = EPSON_CODEPAGES[number];
        if (!page) throw new Error(`Page de code ESC t inconnue (${number})`);
        table = charTable(page);
        out.codepages.push(page);
        out.commands.push(`codepage ${page}`);
      } else if (command === 0x70) {
        const pin = next();
        const on = next();
        const off = next();
        out.pulses.push({ pin, onMs: on * 2, offMs: off * 2 });
        out.commands.push('pulse');
      } else if (command === 0x45) out.commands.push(next() ? 'bold' : 'bold off');
      else if (command === 0x61) out.commands.push(`align ${['left', 'center', 'right'][next() % 48]}`);
      else if (command === 0x4d) out.commands.push(`font ${next()}`);
      else if (command === 0x2d) out.commands.push(`underline ${next()}`);
      else if (command === 0x34) out.commands.push('italic');
      else if (command === 0x35) out.commands.push('italic off');
      else if (command === 0x64) {
        const lines = next();
        for (let n = 0; n < lines; n++) endLine();
      } else if (command === 0x33 || command === 0x4a) next();
      else if (command === 0x32) out.commands.push('line spacing default');
      else throw new Error(`Commande ESC 0x${command.toString(16)} inconnue`);
      continue;
    }
    if (byte === 0x1c) {
      const command = next();
      if (command === 0x2e) out.commands.push('kanji off');
      else throw new Error(`Commande FS 0x${command.toString(16)} inconnue`);
      continue;
    }
    if (byte === 0x1d) {
      const command = next();
      if (command === 0x56) {
        const mode = next();
        if (mode === 65 || mode === 66) next();
        out.cuts += 1;
        out.commands.push(mode === 1 || mode === 49 || mode === 66 ? 'cut partial' : 'cut');
      } else if (command === 0x28 && bytes[i] === 0x6b) {
        // GS ( k pL pH cn fn …: the QR code's model, size, error level, data (fn 0x50) and print (fn 0x51).
        next();
        const length = next() + next() * 256;
        const body = bytes.slice(i, i + length);
        if (body.length < length) throw new Error('Commande ESC/POS tronquée');
        i += length;
        const fn = body[1];
        if (fn === 0x50) qrStored = new TextDecoder().decode(body.slice(3));
        else if (fn === 0x51) {
          if (qrStored === null) throw new Error('QR code imprimé sans données');
          out.qrcodes.push(qrStored);
          out.commands.push('qrcode');
        }
      } else if (command === 0x21) {
        const size = next();
        out.commands.push(`size ${(size >> 4) + 1}x${(size & 0x0f) + 1}`);
      } else throw new Error(`Commande GS 0x${command.toString(16)} inconnue`);
      continue;
    }
    if (byte < 0x20) throw new Error(`Octet de contrôle 0x${byte.toString(16)} inattendu`);
    line += table[byte] ?? '?';
  }
  if (line) endLine();
  return out;
}

/** The printed text, blank lines and the padding of centred lines removed: what a person reads on the ticket. */
export function printedText(decoded: DecodedPrint): string[] {
  return decoded.lines.map((line) => line.trim()).filter((line) => line.length > 0);
}
