import { ClockIcon } from '@heroicons/react/24/outline';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { BackButton } from '../StepCard';

/** The team prepares the registration-fee guide; this page updates by itself when it is ready. */
export function AwaitingGuide() {
  return (
    <Card>
      <div className="flex items-start gap-4">
        <ClockIcon className="size-10 shrink-0 text-brand-600" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-bold text-slate-900">Estamos preparando a guia de registro</h2>
          <p className="mt-2 text-sm text-slate-700">
            Pagamento confirmado — obrigado! Agora a nossa equipe confere os seus dados, consulta a viabilidade do nome e do
            endereço na prefeitura e emite a guia da taxa de registro da Junta Comercial.
          </p>
          <p className="mt-2 text-sm text-slate-700">
            Isso leva até 2 dias úteis. Você receberá um e-mail, e esta página mostra a guia assim que ela estiver pronta.
          </p>
          <div className="mt-4 text-slate-500">
            <Spinner className="size-4" label="Verificando de tempos em tempos…" />
          </div>
          <div className="mt-4">
            <BackButton />
          </div>
        </div>
      </div>
    </Card>
  );
}
