import { describe, expect, it } from 'vitest';
import { canAccessCompany, chooseCompanyId, companyIdsOf, hasRole, isSystemAdmin } from '@domain';

describe('claims', () => {
  it('knows a system admin by the roles claim', () => {
    expect(isSystemAdmin({ roles: ['system-admin'] })).toBe(true);
    expect(isSystemAdmin({ roles: ['company-admin'] })).toBe(false);
    expect(isSystemAdmin(null)).toBe(false);
    expect(hasRole({ roles: ['company-admin'] }, 'company-admin')).toBe(true);
  });

  it('lets a customer act only on the companies of the claims', () => {
    const claims = { roles: ['company-admin' as const], companies: ['a', 'b'], companyId: 'c' };
    expect(companyIdsOf(claims)).toEqual(['a', 'b', 'c']);
    expect(canAccessCompany(claims, 'b')).toBe(true);
    expect(canAccessCompany(claims, 'c')).toBe(true);
    expect(canAccessCompany(claims, 'z')).toBe(false);
    expect(canAccessCompany({ roles: ['system-admin'] }, 'z')).toBe(true);
  });

  it('chooses the stored company, then the first of companies, then companyId (docs/machines.md)', () => {
    const claims = { companies: ['a', 'b'], companyId: 'c' };
    expect(chooseCompanyId('b', claims)).toBe('b');
    expect(chooseCompanyId(null, claims)).toBe('a');
    expect(chooseCompanyId(null, { companyId: 'c' })).toBe('c');
    expect(chooseCompanyId(null, {})).toBeNull();
  });

  it('ignores a stored company the user may no longer access', () => {
    expect(chooseCompanyId('gone', { companies: ['a'] })).toBe('a');
  });
});
