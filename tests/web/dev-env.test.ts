import { describe, expect, it } from 'vitest';
import { coraRedirectUri, loadConfig } from '@server/config';
import { devApiEnvironment } from '../../scripts/dev-env';

/** `npm run dev`: Vite serves the app on PORT and the API runs behind it on API_PORT. */
describe('npm run dev', () => {
  it("sends Cora's sign-in (and the payment page) back to the app's port, not the API's", () => {
    const api = loadConfig(devApiEnvironment({}, { apiPort: '3501', appPort: 3500 }));
    expect(api.port).toBe(3501);
    expect(api.serveSpa).toBe(false);
    expect(api.publicUrl).toBe('http://localhost:3500');
    expect(coraRedirectUri(api)).toBe('http://localhost:3500/app/auth/cora/callback');
  });

  it('keeps a PUBLIC_URL the developer set', () => {
    const api = loadConfig(devApiEnvironment({ PUBLIC_URL: 'https://dev.contabil.test' }, { apiPort: '3001', appPort: 3000 }));
    expect(coraRedirectUri(api)).toBe('https://dev.contabil.test/app/auth/cora/callback');
  });
});
