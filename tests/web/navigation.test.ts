import { describe, expect, it } from 'vitest';
import { externalNavigationTarget } from '@/lib/external';
import { isValidPath } from '@/router/navigation';

describe('external navigation (docs/features.md)', () => {
  const here = 'https://contabil.com.br/app/panel';

  it('follows same-origin and allowed hosts only', () => {
    expect(externalNavigationTarget('/app/documents', here, [])?.href).toBe('https://contabil.com.br/app/documents');
    expect(externalNavigationTarget('https://pagamentos.exemplo.com/checkout', here, [])).toBeNull();
    expect(externalNavigationTarget('https://pagamentos.exemplo.com/checkout', here, ['pagamentos.exemplo.com'])?.host).toBe(
      'pagamentos.exemplo.com',
    );
  });

  it('follows any host when the caller allows it explicitly, but never a script URL', () => {
    expect(externalNavigationTarget('https://api.cora.com.br/oauth/authorize', here, [], true)?.host).toBe('api.cora.com.br');
    expect(externalNavigationTarget('javascript:alert(1)', here, [], true)).toBeNull();
    expect(externalNavigationTarget('data:text/html,oi', here, ['x'], true)).toBeNull();
  });
});

describe('page validity (docs/features.md)', () => {
  it.each(['/', '/app/panel', '/contabilidade-em/sao-paulo-sp', '/tools/cnae/6201501-desenvolvimento'])('accepts %s', (path) => {
    expect(isValidPath(path)).toBe(true);
  });

  it.each(['//evil', '/app/../admin', '/a/./b', '/%E0%A4%A', '/x%00y', `/${'a'.repeat(3000)}`])('refuses %s', (path) => {
    expect(isValidPath(path)).toBe(false);
  });
});
