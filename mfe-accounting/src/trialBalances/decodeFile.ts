/**
 * The text of a CSV file chosen in the form: a BOM decides; valid UTF-8 is UTF-8; anything else
 * is read as Windows-1252 (what Excel writes for « CSV (séparateur : point-virgule) » in France).
 */
export function decodeCsvFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export async function readCsvFile(file: Blob): Promise<string> {
  return decodeCsvFile(new Uint8Array(await file.arrayBuffer()));
}
