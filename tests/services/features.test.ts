import { describe, expect, it, vi } from 'vitest';
import { createFeatureFlags, emailList } from '@server/services/features';

const defaults = { cora: ['ana@empresa.com.br', 'bia@empresa.com.br'], panel: ['equipe@contabil.com.br'] };

describe('feature flags', () => {
  it('turn a feature on only for the accounts listed, whatever the case of the e-mail', async () => {
    const flags = createFeatureFlags({ defaults });
    expect(await flags.flagsFor('Ana@Empresa.com.br')).toEqual({ cora: true, panel: false });
    expect(await flags.flagsFor('equipe@contabil.com.br')).toEqual({ cora: false, panel: true });
    expect(await flags.flagsFor('outra@empresa.com.br')).toEqual({ cora: false, panel: false });
    expect(await flags.flagsFor(null)).toEqual({ cora: false, panel: false });
  });

  it('follow remote configuration, fetched at most every 5 seconds, and fall back to the defaults offline', async () => {
    let clock = 0;
    const remote = vi
      .fn()
      .mockResolvedValueOnce({ cora: ['carla@empresa.com.br'] })
      .mockRejectedValueOnce(new Error('offline'));
    const onError = vi.fn();
    const flags = createFeatureFlags({ defaults, remote, now: () => clock, onError });
    expect((await flags.flagsFor('carla@empresa.com.br')).cora).toBe(true);
    // Remote replaced the cora list; panel kept its default.
    expect((await flags.flagsFor('ana@empresa.com.br')).cora).toBe(false);
    expect((await flags.flagsFor('equipe@contabil.com.br')).panel).toBe(true);
    expect(remote).toHaveBeenCalledTimes(1);
    clock = 5_000;
    expect((await flags.flagsFor('carla@empresa.com.br')).cora).toBe(false);
    expect((await flags.flagsFor('ana@empresa.com.br')).cora).toBe(true);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(remote).toHaveBeenCalledTimes(2);
  });

  it('read comma-separated lists as configuration writes them', () => {
    expect(emailList(' A@x.com, ,b@y.com ')).toEqual(['a@x.com', 'b@y.com']);
    expect(emailList(undefined)).toEqual([]);
  });
});
