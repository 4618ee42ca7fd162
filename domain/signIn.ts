/**
 * Sign-in attempts go from the browser to Firebase Auth, never through our server, so the server cannot count them.
 * Firebase throttles repeated failures itself (`auth/too-many-requests`); the login form adds a courtesy back-off
 * on top — after a few wrong passwords in a row it makes the person wait, growing, with a countdown — so a person
 * (or a careless script driving the page) stops hammering before Firebase locks the account out for minutes.
 */
export const SIGN_IN_BACKOFF = {
  /** Wrong passwords in a row after which the next attempt waits. */
  freeAttempts: 3,
  /** The first wait; each further failure doubles it… */
  firstWaitSeconds: 15,
  /** …up to this. */
  maxWaitSeconds: 300,
  /** The wait after Firebase itself says there were too many attempts. */
  throttledWaitSeconds: 60,
} as const;

/** Firebase Auth error codes of a wrong e-mail or password (the emulator and the real service). */
export const WRONG_CREDENTIAL_CODES = [
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/wrong-password',
  'auth/user-not-found',
] as const;
export const TOO_MANY_ATTEMPTS_CODE = 'auth/too-many-requests';

/** Seconds to wait after `failures` wrong passwords in a row: none after one or two, 15 after three, 30, 60… up to 5 min. */
export function signInWaitSeconds(failures: number): number {
  const beyond = failures - SIGN_IN_BACKOFF.freeAttempts;
  if (beyond < 0) return 0;
  return Math.min(SIGN_IN_BACKOFF.maxWaitSeconds, SIGN_IN_BACKOFF.firstWaitSeconds * 2 ** beyond);
}

/** What a failed sign-in means for the back-off, from the provider's error code. */
export function signInFailureKind(code: string | undefined): 'credentials' | 'throttled' | 'other' {
  if (code === TOO_MANY_ATTEMPTS_CODE) return 'throttled';
  return (WRONG_CREDENTIAL_CODES as readonly string[]).includes(code ?? '') ? 'credentials' : 'other';
}

/** "1 segundo", "45 segundos", "1 minuto e 30 segundos", "5 minutos". */
export function durationPhrase(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  const secondsText = (n: number) => (n === 1 ? '1 segundo' : `${n} segundos`);
  if (minutes === 0) return secondsText(rest);
  const minutesText = minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  return rest ? `${minutesText} e ${secondsText(rest)}` : minutesText;
}

/** The message while the form waits. */
export function signInWaitMessage(seconds: number): string {
  return `Muitas tentativas seguidas. Por segurança, aguarde ${durationPhrase(seconds)} para tentar de novo.`;
}
