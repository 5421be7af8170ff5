/**
 * A keyboard-wedge scanner seen in the key strokes (docs/gate.md §5): it types a code's characters a
 * few milliseconds apart and ends with Enter. A person types far slower (rarely under 60 ms between
 * keys), so a run of at least `minLength` characters whose gaps all stay under `maxGapMs`, ended by
 * Enter, is a scan; anything else is typing and is left alone.
 */
export interface WedgeOptions {
  /** Longest gap between two characters of one scan (scanners: 5–30 ms). */
  maxGapMs?: number;
  /** Shortest code taken as a scan (an EAN-8 has 8 digits). */
  minLength?: number;
}

export interface WedgeDetector {
  /** Feeds one key; answers the scanned code when this Enter ends a scan. */
  key(key: string, at: number): string | undefined;
}

export function createWedgeDetector({ maxGapMs = 40, minLength = 8 }: WedgeOptions = {}): WedgeDetector {
  let buffer = '';
  let last = -Infinity;
  return {
    key(key, at) {
      const quick = at - last <= maxGapMs;
      last = at;
      if (key === 'Enter') {
        const code = quick && buffer.length >= minLength ? buffer : undefined;
        buffer = '';
        return code;
      }
      if (key.length !== 1) {
        // Shift and the like come with the characters a scanner types; any other key ends the run.
        if (key !== 'Shift') buffer = '';
        return undefined;
      }
      buffer = quick ? buffer + key : key;
      return undefined;
    },
  };
}
