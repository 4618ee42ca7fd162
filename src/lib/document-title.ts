/** A page's title in the browser's tab: its own words, then the product's name. */
export const documentTitle = (title: string) => `${title} | Contábil`;

/** A route's `head` with that title, and any other meta tags it needs (`{ name: 'robots', content: 'noindex' }`). */
export const titledHead = (title: string, ...meta: { name: string; content: string }[]) => ({
  meta: [{ title: documentTitle(title) }, ...meta],
});
