import { TrashIcon } from '@heroicons/react/24/outline';
import { FileButton } from '@/components/ui/FileButton';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from '@/lib/toast';
import { MAX_PHOTO_BYTES, PHOTO_ACCEPT, formatBytes, photoProblem } from '@domain';
import type { User } from '@domain';
import { removePhoto, uploadPhoto, userQueries } from '../api';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { Avatar } from './Avatar';
import { useSessionProfile } from './useSessionProfile';

/** The profile photo: PNG, JPG or WEBP up to 2 MB, checked here by its first bytes and again by the server. */
export function PhotoField({ user }: { user: User }) {
  const id = useId();
  const queryClient = useQueryClient();
  const syncSession = useSessionProfile();
  const [problem, setProblem] = useState<string | null>(null);

  const done = (updated: User, message: string) => {
    queryClient.setQueryData(userQueries.detail(user.id).queryKey, updated);
    syncSession(updated);
    toast.success(message);
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadPhoto(user.id, file),
    onSuccess: (updated) => done(updated, 'Foto atualizada.'),
    onError: (error) => setProblem(error.message),
  });
  const remove = useMutation({
    mutationFn: () => removePhoto(user.id),
    onSuccess: (updated) => done(updated, 'Foto removida.'),
    onError: (error) => setProblem(error.message),
  });

  async function choose(file: File) {
    setProblem(null);
    const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
    const why = photoProblem(file, head);
    if (why) {
      setProblem(why);
      return;
    }
    upload.mutate(file);
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="relative">
        <Avatar name={user.name} email={user.email} photoUrl={user.photoUrl} size="lg" />
        {busy && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70 text-brand-700">
            <Spinner className="size-6" label={upload.isPending ? 'Enviando foto…' : undefined} />
          </span>
        )}
      </div>
      <div>
        <p id={`${id}-label`} className="text-sm font-medium text-slate-700">
          Foto de perfil
        </p>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          PNG, JPG ou WEBP, até {formatBytes(MAX_PHOTO_BYTES)}.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <FileButton
            accept={PHOTO_ACCEPT}
            aria-labelledby={`${id}-label`}
            aria-describedby={problem ? `${id}-error` : `${id}-hint`}
            disabled={busy}
            onFile={(file) => void choose(file)}
          >
            {user.photoUrl ? 'Trocar foto' : 'Enviar foto'}
          </FileButton>
          {user.photoUrl && (
            <Button variant="ghost" onClick={() => remove.mutate()} disabled={busy}>
              <TrashIcon className="size-4" aria-hidden="true" /> Remover foto
            </Button>
          )}
        </div>
        {problem && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-red-600">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
