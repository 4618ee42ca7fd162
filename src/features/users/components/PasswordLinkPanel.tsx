import { CheckCircleIcon, ClipboardDocumentIcon } from '@heroicons/react/24/outline';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import toast from '@/lib/toast';
import type { CreatedUser } from '@domain';
import { Button, buttonClass } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';

/**
 * The new person and their password link, shown once: there is no e-mail from here, so the team hands the link
 * over (WhatsApp, e-mail of their own…). With it the person chooses a password and signs in.
 */
export function PasswordLinkPanel({ user, onDone }: { user: CreatedUser; onDone: () => void }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!user.passwordLink) return;
    try {
      await navigator.clipboard.writeText(user.passwordLink);
      setCopied(true);
      toast.success('Link copiado.');
    } catch {
      toast.error('Não foi possível copiar: selecione o link e copie manualmente.');
    }
  }

  return (
    <div className="space-y-4">
      <Alert tone="success">
        <span className="flex items-center gap-2 font-semibold">
          <CheckCircleIcon className="size-5" aria-hidden="true" /> Usuário criado: {user.name}
        </span>
        <span className="mt-1 block">
          {user.email}
          {user.companies.length > 0 && <> · {user.companies.map((c) => c.alias || c.name).join(', ')}</>}
        </span>
      </Alert>
      {user.passwordLink ? (
        <div>
          <label htmlFor="password-link" className="block text-sm font-medium text-slate-700">
            Link para a pessoa criar a senha
          </label>
          <textarea
            id="password-link"
            readOnly
            rows={4}
            value={user.passwordLink}
            onFocus={(e) => e.target.select()}
            className="mt-1 block w-full break-all rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
          />
          <p className="mt-1 text-xs text-slate-600">
            Este link aparece só agora. Envie-o para a pessoa: com ele ela escolhe a senha e depois entra com o e-mail{' '}
            {user.email}. Se ele se perder, a pessoa pode usar “Esqueci minha senha” na tela de login.
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => void copy()}>
            <ClipboardDocumentIcon className="size-4" aria-hidden="true" /> {copied ? 'Copiado' : 'Copiar link'}
          </Button>
        </div>
      ) : (
        <Alert tone="info">
          Não foi possível gerar o link de senha agora. Peça para a pessoa usar “Esqueci minha senha” na tela de login com o
          e-mail {user.email}.
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Link to="/app/admin/users/$userId" params={{ userId: user.id }} className={buttonClass('secondary')}>
          Ver usuário
        </Link>
        <Button onClick={onDone}>Concluir</Button>
      </div>
    </div>
  );
}
