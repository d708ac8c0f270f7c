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

const COMMON: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

export function setSecurityHeaders(url: string | undefined, res: { setHeader(name: string, value: string): unknown }) {
  for (const [name, value] of COMMON) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', url?.startsWith('/swagger') ? DOCS_CSP : CONSOLE_CSP);
}
