// The shell's build writing its start-up files into its page (first-visit LCP).
import { describe, expect, it } from 'vitest';
import { inlineStartup } from './inlineStartup';

const BUILT: Record<string, string> = {
  'assets/early.0a1b2c3d4e.js': '(()=>{window.early=1})();',
  'assets/main.3f2a9c1b7d.js': '//# allFunctionsCalledOnLoad\n(()=>{window.main=2})();\n//# sourceMappingURL=main.3f2a9c1b7d.js.map',
  'assets/main.4a7f26e656.css': 'body{margin:0}\n/*# sourceMappingURL=main.4a7f26e656.css.map*/',
};
const read = (file: string) => BUILT[file];
const PAGE =
  '<!doctype html><html lang="fr"><head><title>Kermesse</title><script src="/assets/early.0a1b2c3d4e.js"></script>' +
  '<script defer src="/assets/main.3f2a9c1b7d.js"></script><link href="/assets/main.4a7f26e656.css" rel="stylesheet"></head>' +
  '<body><div id="root"></div></body></html>';

function parse(html: string) {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the start-up files written into the page', () => {
  it('keeps the early script first, the style sheet in the head, main at the end of the body, with no file left to fetch', () => {
    const { html, scripts, styles } = inlineStartup(PAGE, read);
    expect(scripts).toEqual(['assets/early.0a1b2c3d4e.js', 'assets/main.3f2a9c1b7d.js']);
    expect(styles).toEqual(['assets/main.4a7f26e656.css']);
    const doc = parse(html);
    expect(doc.querySelectorAll('script[src], link[rel="stylesheet"]')).toHaveLength(0);
    const [early, main] = [...doc.querySelectorAll('script')];
    expect(early?.parentElement?.tagName).toBe('HEAD');
    expect(early?.textContent).toBe(BUILT['assets/early.0a1b2c3d4e.js']);
    // main runs once the page is parsed, after #root exists (as `defer` did), without the compile
    // hint of files (compiled on the main thread, all of it would be).
    expect(main?.parentElement?.tagName).toBe('BODY');
    expect(main?.previousElementSibling?.id).toBe('root');
    expect(main?.textContent?.startsWith('(()=>{window.main=2})();')).toBe(true);
    // Source maps still found from any page (/caisse/…): absolute.
    expect(main?.textContent).toContain('//# sourceMappingURL=/assets/main.3f2a9c1b7d.js.map');
    expect(doc.querySelector('head style')?.textContent).toBe('body{margin:0}\n/*# sourceMappingURL=/assets/main.4a7f26e656.css.map */');
  });

  it('keeps code holding « </script> » or « <!-- » whole, with the same meaning', () => {
    const tricky = 'window.tricky = ["</script><script>alert(1)</script>", "<!-- x -->", /<\\/SCRIPT>/.source];';
    const { html } = inlineStartup(PAGE, (file) => (file.endsWith('main.3f2a9c1b7d.js') ? tricky : read(file)));
    const scripts = [...parse(html).querySelectorAll('script')];
    expect(scripts).toHaveLength(2);
    const run = new Function('window', scripts[1]?.textContent ?? '');
    const window = {} as { tricky?: string[] };
    run(window);
    expect(window.tricky).toEqual(['</script><script>alert(1)</script>', '<!-- x -->', '<\\/SCRIPT>']);
  });

  it('leaves a tag whose file the build does not have', () => {
    const { html, scripts } = inlineStartup(PAGE, (file) => (file.startsWith('assets/early.') ? undefined : read(file)));
    expect(html).toContain('<script src="/assets/early.0a1b2c3d4e.js"></script>');
    expect(scripts).toEqual(['assets/main.3f2a9c1b7d.js']);
  });
});
