import { CheckBadgeIcon } from '@heroicons/react/24/outline';
import { useQuery } from '@tanstack/react-query';
import type { TrackId } from '@domain';
import { COMPANY_STATUS_LABEL } from '@domain';
import { onboardingQueries } from '../../api';
import { CompanyStatusBadge } from '@/components/StatusBadge';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { formatDate } from '@/lib/format';
import { useWizardContext } from '../wizard-context';

const NEXT: Record<TrackId, string[]> = {
  'create-company': [
    'Registramos a empresa na Junta Comercial com a guia que você pagou.',
    'Com o registro, a Receita Federal emite o CNPJ.',
    'Fazemos as inscrições municipal e estadual e pedimos o alvará.',
  ],
  'migrate-company': [
    'Falamos com o seu contador anterior e recebemos os documentos.',
    'Conferimos a escrituração e os impostos em aberto.',
    'Assumimos a contabilidade a partir do mês seguinte à última competência dele.',
  ],
};

/** Every customer step is done: what the team does now, and the company's status as it moves. */
export function Finished() {
  const company = useWizardContext((c) => c.company!);
  const trackId = useWizardContext((c) => c.trackId);
  const history = useQuery(onboardingQueries.statusHistory(company.id));
  return (
    <Card>
      <div className="flex items-start gap-4">
        <CheckBadgeIcon className="size-10 shrink-0 text-brand-600" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-bold text-slate-900">Recebemos tudo. Agora é com a gente!</h2>
          <p className="mt-1 text-sm text-slate-700">
            Situação atual: <CompanyStatusBadge status={company.status} />
          </p>
          <ol className="mt-4 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            {NEXT[trackId].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          <p className="mt-4 text-sm text-slate-700">
            Quando a empresa estiver ativa, você entra direto no seu painel — esta página se atualiza sozinha.
          </p>
        </div>
      </div>
      <section className="mt-6 border-t border-slate-100 pt-4" aria-label="Histórico da empresa">
        <h3 className="text-sm font-semibold text-slate-900">Histórico</h3>
        {history.isPending ? (
          <Spinner className="size-4" label="Carregando…" />
        ) : (
          <ol className="mt-3 space-y-3">
            {history.data?.map((change) => (
              <li key={change.id} className="flex gap-3 text-sm">
                <span className="w-24 shrink-0 text-slate-500">{formatDate(change.changedAt)}</span>
                <span>
                  <span className="font-medium text-slate-900">{COMPANY_STATUS_LABEL[change.toStatus]}</span>
                  {change.note && <span className="block text-slate-600">{change.note}</span>}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}
