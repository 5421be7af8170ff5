import { describe, expect, it } from 'vitest';
import { maskRecipient } from './recipients.ts';

describe('receipt addresses', () => {
  it('never logs a whole address', () => {
    expect(maskRecipient('camille@exemple.fr')).toBe('c***@exemple.fr');
    expect(maskRecipient('+33612345678')).toBe('+336******78');
  });
});
