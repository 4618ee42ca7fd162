import { ClipboardDocumentIcon } from '@heroicons/react/24/outline';
import { useRef } from 'react';
import toast from '@/lib/toast';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { controlClass } from '@/components/ui/Field';

/** Copies with the Clipboard API, or by selecting the text where it is not available (plain http, old browsers). */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand('copy');
  }
}

/** The person's referral link, ready to copy and share. */
export function ReferralLinkCard({ link }: { link: string }) {
  const input = useRef<HTMLInputElement>(null);
  async function copy() {
    if (await copyText(link, input.current)) toast.success('Link copiado!');
    else toast.error('Não foi possível copiar. Selecione o link e copie manualmente.');
  }
  return (
    <Card>
      <h2 className="text-lg font-bold text-slate-900">Seu link de indicação</h2>
      <p className="mt-1 text-sm text-slate-600">
        Envie para quem precisa abrir uma empresa ou trocar de contador. Quem se cadastrar por ele aparece na lista abaixo.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor="referral-link" className="block text-sm font-medium text-slate-700">
            Link de indicação
          </label>
          <input
            id="referral-link"
            ref={input}
            readOnly
            value={link}
            onFocus={(e) => e.target.select()}
            className={`${controlClass(undefined)} font-mono text-xs sm:text-sm`}
          />
        </div>
        <Button onClick={copy}>
          <ClipboardDocumentIcon className="size-5" aria-hidden="true" />
          Copiar link
        </Button>
      </div>
    </Card>
  );
}
