import { describe, expect, it } from 'vitest';
import { referralInSearch } from '@/features/referrals/referral-code';

/**
 * A shared link's referral code is read as written. The router reads a query as JSON where it can: a code of digits
 * became a number the signup form dropped (a CI run whose demo customer's code was "1704802113" lost its referral).
 */
describe('the referral code of a link', () => {
  it.each([
    ['?mode=signup&ref=1704802113', '1704802113'],
    ['?mode=signup&ref=1234e56789', '1234e56789'],
    ['?ref=0a1b2c3d4e', '0a1b2c3d4e'],
    ['?indicacao=ab12cd34ef', 'ab12cd34ef'],
    ['?mode=signup', undefined],
    ['?ref=%3Cscript%3E', undefined],
  ])('in %s is %s', (search, code) => {
    expect(referralInSearch(search)).toBe(code);
  });
});
