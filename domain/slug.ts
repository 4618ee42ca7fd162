/**
 * "São Paulo" → "sao-paulo" (the data's slug rule: NFKD, no accents, lower case, runs of other characters → "-").
 * A module of its own: the public site's cookie banner needs `site.ts`, and through it this, without the lead schemas.
 */
export function citySlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
