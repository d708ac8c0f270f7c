// Headers every answer carries, set once where each request enters (the console, the API, media and
// device uploads alike): what the browser may load and run, no framing, no MIME sniffing, and
// addresses that stay on this site.

/**
 * The console's page runs only its own scripts. Styles may be inline: antd writes its CSS-in-JS as
 * <style> elements. Video plays from MediaSource blobs, and player workers may start from blobs.
 * 'self' covers the same-origin WebSocket of live view.
 */
const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The API documentation page (Swagger UI) runs an inline start-up script of its own. */
const DOCS_CSP = CONSOLE_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");

/**
 * Data (the API's JSON, media, device uploads) is never a page: opened as one, it may load and run
 * nothing. Short, because the API answers thousands of times a second.
 */
const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

const COMMON: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'same-origin'],
];

const DATA_PREFIXES = ['/api/', '/rsa/', '/media/', '/upload/', '/healthz', '/metrics'];
const isData = (url: string) => DATA_PREFIXES.some((p) => url.startsWith(p));

export function setSecurityHeaders(url = '/', res: { setHeader(name: string, value: string): unknown }) {
  for (const [name, value] of COMMON) res.setHeader(name, value);
  if (isData(url)) {
    res.setHeader('Content-Security-Policy', DATA_CSP);
    return;
  }
  res.setHeader('Content-Security-Policy', url.startsWith('/swagger') ? DOCS_CSP : CONSOLE_CSP);
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
}
