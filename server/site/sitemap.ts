/** Sitemaps (sitemaps.org 0.9): an index, and one list per kind of page (each well under the 50,000-URL limit). */

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function sitemapIndex(publicUrl: string, names: string[]): string {
  const entries = names.map((name) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${name}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`;
}

export function urlSet(publicUrl: string, urls: { path: string; lastModified?: string }[]): string {
  const entries = urls.map(
    ({ path, lastModified }) =>
      `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('\n')}</urlset>\n`;
}
