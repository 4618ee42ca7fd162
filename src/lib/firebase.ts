import type { FirebaseError } from 'firebase/app';
import { initializeApp } from 'firebase/app';
import type { User } from 'firebase/auth';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  initializeAuth,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
} from 'firebase/auth';
import type { Claims } from '@domain';
import type { AuthState, RefreshedToken, SessionUser } from '@machines/session.machine';
import { appConfig } from '../config';

/*
 * Firebase is loaded only by the app (this module is imported dynamically by the session), never by public pages.
 */
const app = initializeApp(appConfig.firebase);
const auth = initializeAuth(app, { persistence: browserLocalPersistence });
auth.languageCode = 'pt-BR';
if (appConfig.authEmulatorUrl) connectAuthEmulator(auth, appConfig.authEmulatorUrl, { disableWarnings: true });

const SIGN_IN_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'E-mail ou senha incorretos.',
  'auth/invalid-login-credentials': 'E-mail ou senha incorretos.',
  'auth/wrong-password': 'E-mail ou senha incorretos.',
  'auth/user-not-found': 'E-mail ou senha incorretos.',
  'auth/invalid-email': 'E-mail inválido',
  'auth/user-disabled': 'Esta conta foi desativada. Fale com a nossa equipe.',
  'auth/too-many-requests': 'Muitas tentativas seguidas. Aguarde alguns minutos e tente novamente.',
  'auth/network-request-failed': 'Sem conexão com o servidor de login. Verifique sua internet e tente novamente.',
};

/** A Firebase error rethrown with a message in Portuguese, keeping its code (the sign-in back-off reads it). */
function translated(error: unknown, fallback: string): Error & { code: string } {
  const code = (error as FirebaseError | undefined)?.code ?? '';
  return Object.assign(new Error(SIGN_IN_MESSAGES[code] ?? fallback, { cause: error }), { code });
}

function sessionUserOf(user: User): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    phoneNumber: user.phoneNumber,
    photoUrl: user.photoURL,
    createdAt: user.metadata.creationTime ?? null,
  };
}

async function tokenOf(user: User, force: boolean): Promise<RefreshedToken> {
  const result = await user.getIdTokenResult(force);
  return { accessToken: result.token, claims: result.claims as Claims };
}

/**
 * Reports the signed-in user (with claims and token) or null on every change — `expired` when a stored session could
 * not give a token any more; returns the unsubscribe.
 */
export function onAuthChange(
  listener: (state: AuthState | null, expired?: boolean) => void,
  onError: (error: unknown) => void,
): () => void {
  return onAuthStateChanged(auth, (user) => {
    if (!user) return listener(null);
    tokenOf(user, false).then(
      ({ accessToken, claims }) => listener({ user: sessionUserOf(user), claims, accessToken }),
      (error) => {
        // A stored session that cannot give a token is no session: the user signs in again.
        onError(error);
        listener(null, true);
      },
    );
  });
}

export async function signIn(email: string, password: string): Promise<AuthState> {
  let user: User;
  try {
    ({ user } = await signInWithEmailAndPassword(auth, email.trim(), password));
  } catch (error) {
    throw translated(error, 'Não foi possível entrar. Tente novamente.');
  }
  const { accessToken, claims } = await tokenOf(user, false);
  return { user: sessionUserOf(user), claims, accessToken };
}

export async function signOut(): Promise<void> {
  // The session may have started from Firebase's storage before Firebase restored it (src/lib/stored-session.ts).
  await auth.authStateReady();
  await firebaseSignOut(auth);
}

/** Forces a new ID token (docs/machines.md: every 50 minutes, and after a 401). */
export async function refreshToken(): Promise<RefreshedToken> {
  await auth.authStateReady();
  if (!auth.currentUser) throw new Error('No signed-in user to refresh');
  return tokenOf(auth.currentUser, true);
}

export async function sendPasswordReset(email: string): Promise<void> {
  try {
    await sendPasswordResetEmail(auth, email.trim());
  } catch (error) {
    // An unknown e-mail is not reported, so the form cannot be used to find out who has an account.
    if ((error as FirebaseError | undefined)?.code === 'auth/user-not-found') return;
    throw translated(error, 'Não foi possível enviar o e-mail. Tente novamente.');
  }
}
