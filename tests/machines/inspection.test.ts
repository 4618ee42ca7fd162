import { describe, expect, it } from 'vitest';
import { guardName } from '@machines/inspection';

/** How guards are named in the transition lists (coverage, the app's transition log). */
describe('guardName', () => {
  it('names a guard with fixed parameters by its type and parameters', () => {
    expect(guardName({ type: 'isTo', params: { status: 'active' } })).toBe('isTo{"status":"active"}');
  });
  it('names a guard whose parameters come from the event by its type alone', () => {
    expect(guardName({ type: 'atStep', params: () => ({ stepId: 'x' }) })).toBe('atStep');
  });
  it('names plain and inline guards', () => {
    expect(guardName('ready')).toBe('ready');
    expect(guardName(null)).toBeNull();
  });
});
