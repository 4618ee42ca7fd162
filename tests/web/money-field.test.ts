import { Mask } from 'maska';
import { describe, expect, it } from 'vitest';
import { MONEY_MASK, moneyCents } from '@/lib/masks';

/**
 * A money field after each key, as maska's input does it on every input event (its `preProcess`, then the mask), and
 * the centavos the field reports. "⌫" is Backspace at the end of the field.
 */
function typeKeys(keys: string[], start = '') {
  const mask = new Mask(MONEY_MASK);
  let value = start;
  const shown: string[] = [];
  for (const key of keys) {
    const typed = key === '⌫' ? value.slice(0, -1) : value + key;
    value = mask.masked(MONEY_MASK.preProcess ? MONEY_MASK.preProcess(typed) : typed);
    shown.push(value);
  }
  return { shown, cents: moneyCents(value) };
}

// Cents first, as Brazilian banking apps take money: each digit enters from the right (docs/features.md, "Money").
describe('a money field, typed key by key', () => {
  it.each([
    [['0', '9', '9'], 99],
    [['9', '9'], 99],
    [['1', '2', '3', '4', '5', '6'], 123_456],
    [['9', '8', ',', '7', '0'], 9870],
    [['1', '5', '0', ',', '0', '0'], 15_000],
    [['5'], 5],
    [['1', '0', '0', '0', '0', '0', '0'], 1_000_000],
  ])('%j gives %i centavos', (keys, cents) => {
    expect(typeKeys(keys).cents).toBe(cents);
  });

  it('shows the value as it grows, never 100 times what was typed', () => {
    expect(typeKeys(['0', '9', '9']).shown).toEqual(['', '0,09', '0,99']);
    expect(typeKeys(['1', '2', '3', '4', '5', '6']).shown).toEqual(['0,01', '0,12', '1,23', '12,34', '123,45', '1.234,56']);
  });

  it('takes digits back from the right, and is empty once they are all gone', () => {
    expect(typeKeys(['⌫'], '1.234,56')).toEqual({ shown: ['123,45'], cents: 12_345 });
    expect(typeKeys(['⌫', '⌫'], '0,12')).toEqual({ shown: ['0,01', ''], cents: undefined });
  });

  it('keeps a value written by the form (a draft, an edit) as it is', () => {
    expect(typeKeys(['0'], '1.500,0')).toEqual({ shown: ['1.500,00'], cents: 150_000 });
    expect(new Mask(MONEY_MASK).masked(MONEY_MASK.preProcess!('98,70'))).toBe('98,70');
    expect(new Mask(MONEY_MASK).masked(MONEY_MASK.preProcess!('1.500,00'))).toBe('1.500,00');
  });
});
