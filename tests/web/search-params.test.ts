import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OrdersSearch } from '@/features/companies/orders-search';

/**
 * The router reads an address's query as JSON where it can: `?q=11222333` (a CNPJ's start typed in the address, or a
 * link) arrives as a number. A search box's text must survive it.
 */
describe('the text searched, from the address', () => {
  it('keeps digits typed as the search (a CNPJ’s start)', () => {
    expect(v.parse(OrdersSearch, { q: 11222333 }).q).toBe('11222333');
  });
  it('keeps words', () => {
    expect(v.parse(OrdersSearch, { q: 'Aurora' }).q).toBe('Aurora');
  });
  it('drops what is not a search', () => {
    expect(v.parse(OrdersSearch, { q: { a: 1 } }).q).toBeUndefined();
  });
});
