import { useCallback } from 'react';
import type { User } from '@domain';
import { useSessionActor } from '@/lib/session-handle';

/**
 * After the server changed the person's name or photo: the session (user menu) shows them at once, and Firebase's
 * copy in the browser is read again so the next visit starts with them too.
 */
export function useSessionProfile() {
  const session = useSessionActor();
  return useCallback(
    (user: Pick<User, 'name' | 'photoUrl'>) => {
      const { user: current, claims, accessToken } = session.getSnapshot().context;
      if (current && claims && accessToken) {
        // The same user again: the session keeps its state and takes the new profile (see session.machine.ts).
        session.send({
          type: 'auth.changed',
          auth: { user: { ...current, displayName: user.name, photoUrl: user.photoUrl }, claims, accessToken },
        });
      }
      void import('../firebase-account')
        .then((account) => account.reloadProfile())
        .catch((error: unknown) => console.error('Profile reload failed', error));
    },
    [session],
  );
}
