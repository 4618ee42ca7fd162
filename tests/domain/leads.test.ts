import { describe, expect, it } from 'vitest';
import { LeadSchema, validate } from '@domain';

const lead = { name: 'Beatriz Souza', email: 'beatriz@exemplo.com.br' };

describe('lead rules (docs/rules.md)', () => {
  it('keeps the page the lead came from', () => {
    const result = validate(LeadSchema, { ...lead, source: '/lp/irpf/2025' });
    expect(result.ok && result.value.source).toBe('/lp/irpf/2025');
  });

  it.each(['https://evil.test/x', '//evil.test', '/\\evil.test', 'javascript:alert(1)'])(
    'drops a source that is not a page of the site (%s), keeping the contact',
    (source) => {
      const result = validate(LeadSchema, { ...lead, source });
      expect(result.ok).toBe(true);
      expect(result.ok && result.value).toEqual({ ...lead, source: undefined });
    },
  );

  it('stores the phone with its country code', () => {
    const result = validate(LeadSchema, { ...lead, phone: '+55 (11) 98765-4321' });
    expect(result.ok && result.value.phone).toBe('+5511987654321');
  });
});
