/**
 * Security headers on every response of the gateway: static files, proxied answers (a service may
 * set its own value, which then wins) and errors. The values are built once at start-up.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';

export interface SecurityHeaderOptions {
  /** Extra origins allowed to serve remote scripts, styles, images and fonts. */
  remoteOrigins: readonly string[];
}

/**
 * The Content-Security-Policy of the shell and its remotes. The shell's page also names the scripts
 * written into it (`inlineScripts`, their `'sha256-…'` sources, see inlineScriptSources): those run,
 * any other inline script is still refused.
 */
/**
 * The print relay on the register's own computer (docs/printing.md §3): the register posts the print
 * jobs to it. Only the loopback addresses: a page may reach nothing else of the stall's network.
 * No `[::1]`: Chromium refuses an IPv6 literal in a CSP source (and ignores it with a console error).
 */
export const PRINT_RELAY_SOURCES = 'http://localhost:* http://127.0.0.1:*';

/**
 * The shell's pages scan barcodes with the camera; where the browser has no BarcodeDetector, the
 * ZXing polyfill compiles its WebAssembly (served from our origin) in the page, which `script-src`
 * must allow (docs/gate.md §5). Only WebAssembly: `eval` and inline scripts stay refused.
 */
export const WASM_SOURCE = "'wasm-unsafe-eval'";

export function contentSecurityPolicy(
  remoteOrigins: readonly string[],
  inlineScripts: readonly string[] = [],
  { webAssembly = false }: { webAssembly?: boolean } = {},
): string {
  const remotes = remoteOrigins.length ? ` ${remoteOrigins.join(' ')}` : '';
  const inline = inlineScripts.length ? ` ${inlineScripts.join(' ')}` : '';
  const wasm = webAssembly ? ` ${WASM_SOURCE}` : '';
  return [
    `default-src 'self'`,
    `script-src 'self'${wasm}${inline}${remotes}`,
    `style-src 'self' 'unsafe-inline'${remotes}`,
    `img-src 'self' data: blob:${remotes}`,
    `font-src 'self' data:${remotes}`,
    // Module Federation may fetch a remote's manifest; only remote origins are added.
    `connect-src 'self'${remotes} ${PRINT_RELAY_SOURCES}`,
    `object-src 'none'`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
  ].join('; ');
}

/**
 * The `'sha256-…'` CSP sources of a page's inline scripts: every `<script>` element without
 * attributes, which is how the shell's build writes its start-up scripts into its page
 * (shell/ui-kit/inlineStartup.ts; the text between the tags, as the browser hashes it).
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] as string, 'utf8')
        .digest('base64')}'`,
  );
}

/** Sets the security headers on a response; `secure` adds HSTS (TLS, or https at our front proxy). */
export type ApplySecurityHeaders = (res: ServerResponse, secure: boolean) => void;

export function createSecurityHeaders(options: SecurityHeaderOptions): ApplySecurityHeaders {
  const fixed = securityHeaderPairs(options);
  const hsts = HSTS;
  return function applySecurityHeaders(res, secure) {
    for (const [name, value] of fixed) res.setHeader(name, value);
    if (secure) res.setHeader('Strict-Transport-Security', hsts);
  };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The same headers as flat lists `[name, value, …]` for one `writeHead` (the fast path): `plain`
 * over http, `secure` with HSTS.
 */
export function securityHeaderLists(options: SecurityHeaderOptions): {
  plain: readonly string[];
  secure: readonly string[];
  names: ReadonlySet<string>;
} {
  const plain = securityHeaderPairs(options).flat();
  const secure = [...plain, 'Strict-Transport-Security', HSTS];
  const names = new Set<string>();
  for (let i = 0; i < secure.length; i += 2) names.add((secure[i] as string).toLowerCase());
  return { plain, secure, names };
}

/**
 * Only features Chromium knows (an unknown one logs « Unrecognized feature » on every page). Our own
 * pages keep the camera (scanning barcodes and tickets, docs/gate.md §5) and USB and serial ports
 * (printers reached from the browser, docs/printing.md §2); frames from elsewhere get none. Web
 * Bluetooth, which the card reader may use, is left alone: Chromium has no permissions-policy
 * feature for it (`bluetooth` is unrecognized), so the same-origin default — allowed in our pages,
 * refused in cross-origin frames — applies.
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=(self), serial=(self)';

function securityHeaderPairs(options: SecurityHeaderOptions): Array<[string, string]> {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(options.remoteOrigins)],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ];
}

/** Koa middleware setting the security headers first, so errors carry them too. */
export function securityHeaders(apply: ApplySecurityHeaders): Middleware {
  return async function securityHeadersMiddleware(ctx, next) {
    // ctx.secure is only true on TLS or, with app.proxy, when a trusted proxy says https.
    apply(ctx.res, ctx.secure);
    await next();
  };
}
