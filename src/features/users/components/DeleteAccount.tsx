import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import toast from '@/lib/toast';
import { RECORDS_RETENTION_YEARS, companyDisplayName } from '@domain';
import { companyQueries } from '@/lib/api/companies';
import { deleteAccount } from '../api';
import { useSessionActor } from '@/lib/session-handle';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { Modal, ModalDescription, ModalTitle } from '@/components/ui/Modal';
import { TextField } from '@/components/ui/TextField';

const CONFIRMATION = 'EXCLUIR';

/** What deleting the account does, in the words the server follows (DELETE /users/{id}). */
export function AccountDeletionText({ companies }: { companies: string[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
      <li>
        <strong>Seu login, sua foto e seus documentos pessoais</strong> (RG/CNH, CPF, comprovante de endereço) são apagados na
        hora. Não dá para desfazer.
      </li>
      <li>
        <strong>
          {companies.length === 0
            ? 'As empresas'
            : companies.length === 1
              ? `A empresa ${companies[0]}`
              : `As empresas ${companies.join(', ')}`}{' '}
          e seus registros continuam
        </strong>{' '}
        — notas fiscais, extratos, documentos e histórico ficam com a equipe contábil e com as outras pessoas que têm acesso a
        elas.
      </li>
      <li>
        Se você for a única pessoa com acesso a uma empresa, ninguém mais entra nela pelo site, e a equipe contábil guarda a
        empresa e seus registros pelo prazo legal de {RECORDS_RETENTION_YEARS} anos.
      </li>
      <li>A assinatura da empresa não é cancelada por aqui: para encerrar o contrato, fale com a nossa equipe antes.</li>
    </ul>
  );
}

/** Deleting one's own account, behind a dialog that says what happens and asks for a typed confirmation. */
export function DeleteAccount({ userId }: { userId: string }) {
  const session = useSessionActor();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const companies = useQuery(companyQueries.list({ page: 1 }));
  const names = companies.data?.data.map(companyDisplayName) ?? [];
  const remove = useMutation({
    mutationFn: () => deleteAccount(userId),
    onSuccess: () => {
      setOpen(false);
      toast.success('Sua conta foi excluída.');
      // The session opens the login page once signed out.
      session.send({ type: 'session.signOut' });
    },
  });

  function close() {
    if (remove.isPending) return;
    setOpen(false);
    setTyped('');
    remove.reset();
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (typed.trim().toUpperCase() === CONFIRMATION) remove.mutate();
  }

  return (
    <div>
      <p className="text-sm text-slate-700">
        Apaga seu login e seus dados pessoais. As empresas e seus registros continuam com a equipe contábil.
      </p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        Excluir minha conta
      </Button>
      <Modal open={open} onClose={close} className="max-w-lg p-6">
        <form onSubmit={confirm}>
          <ModalTitle className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <ExclamationTriangleIcon className="size-6 text-red-600" aria-hidden="true" />
            Excluir sua conta?
          </ModalTitle>
          <ModalDescription className="mt-3">
            <AccountDeletionText companies={names} />
          </ModalDescription>
          <TextField
            label={`Para confirmar, digite ${CONFIRMATION}`}
            className="mt-5"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          {remove.error && (
            <div className="mt-4">
              <Alert>{remove.error.message}</Alert>
            </div>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Voltar
            </Button>
            <Button type="submit" variant="danger" busy={remove.isPending} disabled={typed.trim().toUpperCase() !== CONFIRMATION}>
              Excluir minha conta
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
