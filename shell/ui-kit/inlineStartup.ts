/**
 * The shell's page carries its start-up code (first-visit LCP). On a phone on slow 4G
 * every request waits a whole round trip (562 ms) before its first byte: with `main.js` a file of
 * its own, the line stays idle for that round trip after the page arrived, then the shell's 107 KB
 * (brotli) follow. Written into the page instead, they come in the page's own answer, during that
 * idle time — the register showed its products about half a second sooner. The page is a single
 * one (every route of the shell), revalidated by ETag and kept by the service worker, so nothing is
 * downloaded twice.
 *
 * Node side only (the shell's build, ui-kit/rspack.ts), on the HTML the build wrote:
 * - the early script (`<script src="/assets/early.….js">`) becomes an inline script where it stood,
 *   first in the head: it still asks the page's first API calls before anything else runs;
 * - the style sheets (`<link href="/assets/….css" rel="stylesheet">`) become `<style>` elements;
 * - the deferred scripts (`<script defer src="/assets/….js">`) become inline scripts at the end of
 *   the body, in order: they run once the page is parsed, as `defer` ones did.
 *
 * The gateway allows exactly these scripts by their SHA-256 in the page's Content-Security-Policy
 * (gateway/src/securityHeaders.ts), so the policy keeps refusing any other inline script.
 */

/** Reads a built file by its path in the build (`assets/main.….js`), or undefined if it is not one. */
export type ReadBuilt = (file: string) => string | undefined;

const EARLY_SCRIPT = /<script src="\/(assets\/early\.[\w.-]+\.js)"><\/script>/g;
const DEFERRED_SCRIPT = /<script defer(?:="defer")? src="\/(assets\/[\w.-]+\.js)"><\/script>/g;
const STYLE_SHEET = /<link href="\/(assets\/[\w.-]+\.css)" rel="stylesheet"\s*\/?>/g;

/**
 * Text that is safe inside `<script>`/`<style>`: the HTML parser ends a script at `</script` and
 * changes state at `<!--`. `\x3C` reads as `<` in a JavaScript string, template or regular
 * expression — the only places minified code holds them.
 */
function safeText(code: string, closing: 'script' | 'style'): string {
  const escaped = code.replace(new RegExp(`</(${closing})`, 'gi'), '\\x3C/$1');
  return closing === 'script' ? escaped.replace(/<!--/g, '\\x3C!--') : escaped;
}

const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/') + 1);

/**
 * Without V8's compile hint (`//# allFunctionsCalledOnLoad`, ui-kit/rspack.ts): it pays for a file,
 * compiled on a background thread while it streams in, but a script in the page is compiled on the
 * main thread — compiling all of it rather than what runs cost a phone's repeat visit ~0.2 s.
 */
const withoutCompileHint = (code: string) => code.replace(/^\/\/# allFunctionsCalledOnLoad\r?\n/, '');

/**
 * A script's or a style sheet's source map comment (`//# …` or `/*# … *\/`) made absolute: relative,
 * it would resolve against the page's URL (`/caisse/…`).
 */
function absoluteSourceMap(code: string, file: string): string {
  return code.replace(/(\/\/|\/\*)# sourceMappingURL=(?!\/|[a-z]+:)([^\s*]+)\s*(\*\/)?\s*$/, (_match, open: string, url: string) =>
    open === '//' ? `//# sourceMappingURL=/${folderOf(file)}${url}\n` : `/*# sourceMappingURL=/${folderOf(file)}${url} */`,
  );
}

/** The files written into the page, by kind: `scripts` and `styles` (paths in the build). */
export interface Inlined {
  html: string;
  scripts: string[];
  styles: string[];
}

/** The page with its early script, style sheets and deferred scripts written in (see above). */
export function inlineStartup(html: string, read: ReadBuilt): Inlined {
  const scripts: string[] = [];
  const styles: string[] = [];
  const deferred: string[] = [];
  const scriptOf = (file: string) => {
    const code = read(file);
    if (code === undefined) return undefined;
    scripts.push(file);
    return `<script>${safeText(absoluteSourceMap(withoutCompileHint(code), file), 'script')}</script>`;
  };
  let page = html.replace(EARLY_SCRIPT, (tag, file: string) => scriptOf(file) ?? tag);
  page = page.replace(STYLE_SHEET, (tag, file: string) => {
    const css = read(file);
    if (css === undefined) return tag;
    styles.push(file);
    return `<style>${safeText(absoluteSourceMap(css, file), 'style')}</style>`;
  });
  page = page.replace(DEFERRED_SCRIPT, (tag, file: string) => {
    const inline = scriptOf(file);
    if (inline === undefined) return tag;
    deferred.push(inline);
    return '';
  });
  if (deferred.length > 0) {
    const end = page.lastIndexOf('</body>');
    page = end === -1 ? page + deferred.join('') : page.slice(0, end) + deferred.join('') + page.slice(end);
  }
  return { html: page, scripts, styles };
}
