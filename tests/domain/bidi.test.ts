import { describe, expect, it } from 'vitest';
import { isolateText } from '@domain';

describe('stored text inside our own sentences and sources', () => {
  it('isolates a typed name between U+2068 and U+2069 (plain text’s <bdi>)', () => {
    expect(isolateText('Ana \u202Eosrever')).toBe('\u2068Ana \u202Eosrever\u2069');
  });
});
