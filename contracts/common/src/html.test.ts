import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('keeps a typed name as text in an element or an attribute', () => {
    expect(escapeHtml(`Crêpes <b>"maison"</b> & l'été`)).toBe('Crêpes &lt;b&gt;&quot;maison&quot;&lt;/b&gt; &amp; l&#39;été');
    expect(escapeHtml('Barbe à papa')).toBe('Barbe à papa');
  });
});
