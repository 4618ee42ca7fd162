import * as v from 'valibot';

/**
 * The text of a search box kept in the address (`?q=`). The router reads the query as JSON where it can, so digits
 * typed there (a CNPJ's start, `?q=11222333`) arrive as a number: they are taken back as the text they were.
 */
export const searchText = v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(100));
