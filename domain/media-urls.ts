// Signed media URLs as the app handles them (docs/decisions/053): `/media/<media>/<grant>/<file>`,
// the grant a path segment (`t.…` for a session or licence, `f.…` for one file), so the relative
// URIs of a stored playlist carry it. Heartbeats hand out newer grants; the player swaps them in.

/** A grant's path segment: `t.` or `f.` followed by its dotted fields. */
const GRANT_IN_PATH = /^(\/media\/[^/]+\/)[tf]\.[^/]+\//;

/** `url` with its media grant replaced by `grant` (an unsigned URL, or an empty grant, leaves it as it is). */
export function withGrant(url: string, grant: string, base: string): string {
  if (!grant) return url;
  const parsed = new URL(url, base);
  if (!GRANT_IN_PATH.test(parsed.pathname)) return url;
  parsed.pathname = parsed.pathname.replace(GRANT_IN_PATH, `$1${grant}/`);
  return parsed.toString();
}

/** The path of a media URL without its grant (`/media/<media>/720p/init.mp4`): the same file whatever grant opens it. */
export const unsignedPath = (pathname: string): string => pathname.replace(GRANT_IN_PATH, '$1');

/**
 * A poster's URL in the page's language: a sample class's media has a poster per language
 * (docs/decisions/059) and `?lang=` picks it; any other media answers its only one. English is the
 * poster as named, and a URL that is not the server's media (a downloaded class's) is left as it is.
 */
export function posterInLanguage(url: string, language: string): string {
  if (!url.startsWith('/media/') || language === 'en') return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}`;
}
