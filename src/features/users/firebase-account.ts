import type { FirebaseError } from 'firebase/app';
import { getApp } from 'firebase/app';
import { EmailAuthProvider, getAuth, reauthenticateWithCredential, updatePassword } from 'firebase/auth';
import { MESSAGES, PASSWORD_MESSAGES } from '@domain';
// Initialises the app and connects the emulator: the auth instance below is that one.
import '@/lib/firebase';

/*
 * The signed-in person's own account at Firebase: things only the browser can do (the password is never sent to
 * our server). Imported dynamically, like the rest of Firebase, only by app pages.
 */

/** A failure with the field it belongs to, so the form shows it under the right input. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly field?: 'currentPassword' | 'newPassword',
  ) {
    super(message);
  }
}

const codeOf = (error: unknown) => (error as FirebaseError | undefined)?.code ?? '';

/** The signed-in user, once Firebase has read it from its storage: it may have loaded with this very call. */
async function signedInUser() {
  const auth = getAuth(getApp());
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user?.email) throw new AccountError('Sua sessão expirou. Entre novamente.');
  return { user, email: user.email };
}

/** Confirms the current password (Firebase asks for a recent sign-in), then sets the new one. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { user, email } = await signedInUser();
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, currentPassword));
  } catch (error) {
    const code = codeOf(error);
    if (['auth/invalid-credential', 'auth/wrong-password', 'auth/invalid-login-credentials', 'auth/user-mismatch'].includes(code))
      throw new AccountError(PASSWORD_MESSAGES.wrongCurrent, 'currentPassword');
    if (code === 'auth/too-many-requests') throw new AccountError(PASSWORD_MESSAGES.tooManyAttempts, 'currentPassword');
    throw translated(error);
  }
  try {
    await updatePassword(user, newPassword);
  } catch (error) {
    if (codeOf(error) === 'auth/weak-password') throw new AccountError(MESSAGES.shortPassword, 'newPassword');
    throw translated(error);
  }
}

function translated(error: unknown): AccountError {
  if (codeOf(error) === 'auth/network-request-failed')
    return new AccountError('Sem conexão com o servidor de login. Verifique sua internet e tente novamente.');
  return new AccountError('Não foi possível alterar a senha. Tente novamente.');
}

/**
 * Reads the account again after the server changed its name or photo, so a later visit starts with them (Firebase
 * keeps a copy of the profile in the browser); answers the fresh values.
 */
export async function reloadProfile(): Promise<{ displayName: string | null; photoUrl: string | null }> {
  const { user } = await signedInUser();
  await user.reload();
  return { displayName: user.displayName, photoUrl: user.photoURL };
}
