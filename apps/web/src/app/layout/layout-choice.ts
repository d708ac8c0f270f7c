// Branded or standard layout by cookie (SPEC §2), with the "reload with a random query" rule made loop-proof.

/** Set by the server (platform domain configuration): `custom` for an enterprise's branded console. */
export const LAYOUT_COOKIE = 'layoutType';
/** The query parameter of the one reload; seeing it back means the reload already happened. */
export const LAYOUT_RELOAD_PARAM = '_lt';

export type LayoutKind = 'custom' | 'standard';
export type LayoutDecision =
  { kind: LayoutKind; cleanUrl?: string; rememberStandard?: boolean } | { kind: 'reload'; url: string };

/**
 * - cookie set → that layout (a leftover reload marker is stripped from the address bar);
 * - cookie missing, no marker → reload once with a random query so the server can set the cookie
 *   on a fresh, uncached document;
 * - cookie still missing after that reload → standard layout, remembered for this browser session,
 *   so a server that never sets the cookie cannot cause a reload loop.
 */
export function decideLayout(cookie: string | undefined, href: string, random: () => string): LayoutDecision {
  const url = new URL(href);
  const hadMarker = url.searchParams.has(LAYOUT_RELOAD_PARAM);
  url.searchParams.delete(LAYOUT_RELOAD_PARAM);
  const clean = `${url.pathname}${url.search}${url.hash}`;
  if (cookie === 'custom' || cookie === 'standard')
    return hadMarker ? { kind: cookie, cleanUrl: clean } : { kind: cookie };
  if (!hadMarker) {
    url.searchParams.set(LAYOUT_RELOAD_PARAM, random());
    return { kind: 'reload', url: `${url.pathname}${url.search}${url.hash}` };
  }
  return { kind: 'standard', cleanUrl: clean, rememberStandard: true };
}
