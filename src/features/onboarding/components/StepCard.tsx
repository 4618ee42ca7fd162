import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Alert, Card } from '@/components/ui/Card';
import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { STEP_LABEL } from '@domain';
import { useWizard, useWizardBusy, useWizardContext, useWizardNavigation } from './wizard-context';

/** A step's frame: title, what it asks, the last error, and the button that sends it. */
export function StepCard({
  title,
  description,
  children,
  submitLabel = 'Salvar e continuar',
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  submitLabel?: string | null;
  footer?: ReactNode;
}) {
  const wizard = useWizard();
  const busy = useWizardBusy();
  const error = useWizardContext((c) => c.error);
  const hasFieldErrors = useWizardContext((c) => Object.keys(c.fieldErrors).length > 0);
  const { revisiting, paid, backTo } = useWizardNavigation();

  function submit(event: FormEvent) {
    event.preventDefault();
    wizard.send({ type: 'step.submit' });
  }

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <h2 className="text-lg font-bold text-slate-900">{title}</h2>
        {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
        {revisiting && (
          <div className="mt-4">
            <Alert tone="info">
              Você voltou a uma etapa já concluída: altere o que precisar e salve.{' '}
              {paid
                ? 'Nada mais muda nas outras etapas.'
                : 'Depois, as etapas seguintes aparecem de novo para você confirmar, com o que já tinha preenchido.'}
            </Alert>
          </div>
        )}
        {(error || hasFieldErrors) && (
          <div className="mt-4">
            <Alert>{error ?? 'Confira os campos destacados.'}</Alert>
          </div>
        )}
        <div className="mt-6 space-y-6">{children}</div>
        {(submitLabel || footer || backTo) && (
          <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-end">
            <BackButton />
            {footer}
            {submitLabel && (
              <Button type="submit" busy={busy}>
                {revisiting ? 'Salvar alterações' : submitLabel}
              </Button>
            )}
          </div>
        )}
      </form>
    </Card>
  );
}

/** "Voltar": to the nearest earlier step that may still change (`step.back`), its data kept; absent when there is none. */
export function BackButton() {
  const { backTo, busy, back } = useWizardNavigation();
  if (!backTo) return null;
  return (
    <Button variant="ghost" className="sm:mr-auto" disabled={busy} onClick={back} title={`Voltar para “${STEP_LABEL[backTo]}”`}>
      <ArrowLeftIcon className="size-4" aria-hidden="true" /> Voltar
    </Button>
  );
}
