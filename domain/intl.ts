/**
 * A value made on first use rather than when its module loads — for Intl formatters: a browser's first Intl object
 * loads its locale data (120–240 ms at a phone's 4× slower CPU, measured in Chromium), which a page should pay only
 * once it formats something, not before it draws (docs/performance.md, "Signed-in pages on a phone").
 *
 * Marked free of side effects, so a bundle drops a formatter nobody on the page calls.
 */
/* @__NO_SIDE_EFFECTS__ */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
