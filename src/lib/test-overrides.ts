import { appConfig } from '../config';

/**
 * Outside production, a browser test may shorten the app's waits (localStorage keys set before the app loads), to see
 * what happens after them without waiting for real.
 */
function testMs(key: string): number | undefined {
  if (appConfig.environment === 'production') return undefined;
  const value = Number(localStorage.getItem(key));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** How long the wizard waits for a payment's confirmation before saying it is slow (90 s for real). */
export const testPaymentConfirmationMs = () => testMs('contabil.test.paymentConfirmationMs');

/** How often the wizard asks for its track while the customer waits (3 s for a payment, 15 s for the team). */
export const testTrackWatchMs = () => testMs('contabil.test.trackWatchMs');

/** How long the session waits before forcing a fresh token (50 minutes for real). */
export const testTokenRefreshMs = () => testMs('contabil.test.tokenRefreshMs');
