import { CheckIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { PARTNERS } from '@domain';
import { referralQueries } from '@/features/referrals/api';
import { buttonClass } from '@/components/ui/Button';
import { Alert, Card, PageHeader } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { titledHead } from '@/lib/document-title';
import { formatDate } from '@/lib/format';

export const Route = createFileRoute('/app/_signedIn/partners/duca')({
  head: () => titledHead('Programa de parceiros Duca'),
  component: DucaPage,
});

const PARTNER = PARTNERS.duca;

const HOW_IT_WORKS = [
  { title: `A ${PARTNER.name} indica`, text: 'Você conhece o Contábil por indicação da nossa parceira.' },
  { title: 'Você confirma aqui', text: 'Em dois passos sua conta fica vinculada à parceria e você escolhe o que precisa.' },
  { title: 'Nós cuidamos do resto', text: 'Abertura da empresa ou troca de contador, 100% online, com a nossa equipe contábil.' },
];

const BENEFITS = [
  'Abertura de MEI, ME ou EPP sem sair de casa: atividades sugeridas a partir do que você faz, CNPJ e inscrições.',
  'Troca de contador sem dor de cabeça: falamos com o contador atual e conferimos tudo na Receita Federal.',
  'Notas fiscais de serviço, impostos em dia e extratos bancários organizados por categoria no mesmo lugar.',
  `Sua indicação fica registrada: a ${PARTNER.name} é reconhecida por ter trazido você.`,
];

/** What the Duca partnership is, and the way into its wizard. */
function DucaPage() {
  const attribution = useQuery(referralQueries.attribution('duca'));
  const linkedAt = attribution.data?.partnerId === 'duca' ? attribution.data.partnerAttributedAt : null;
  const linked = Boolean(linkedAt);
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Programa de parceiros ${PARTNER.name}`}
        description={`A ${PARTNER.name} é parceira do Contábil e indica empreendedores que precisam de uma contabilidade simples e online.`}
      />
      <div aria-live="polite">
        {attribution.isPending ? (
          <Spinner label="Verificando o seu vínculo…" />
        ) : linked ? (
          <Alert tone="success">
            Sua conta está vinculada à {PARTNER.name} desde {formatDate(linkedAt!)}.
          </Alert>
        ) : attribution.isError ? (
          <Alert>{attribution.error.message}</Alert>
        ) : null}
      </div>
      <Card>
        <h2 className="text-lg font-bold text-slate-900">Como funciona</h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {HOW_IT_WORKS.map((item, i) => (
            <li key={item.title} className="rounded-lg bg-slate-50 p-4">
              <span
                className="inline-flex size-7 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <p className="mt-2 font-semibold text-slate-900">{item.title}</p>
              <p className="mt-1 text-sm text-slate-600">{item.text}</p>
            </li>
          ))}
        </ol>
      </Card>
      <Card>
        <h2 className="text-lg font-bold text-slate-900">O que você recebe</h2>
        <ul className="mt-4 space-y-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-2 text-sm text-slate-700">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
              {benefit}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center">
          <Link to="/app/wizard/partners/duca" className={buttonClass('primary')}>
            {linked ? 'Escolher o próximo passo' : `Cheguei pela ${PARTNER.name}`}
          </Link>
          <p className="text-sm text-slate-600">Leva menos de um minuto.</p>
        </div>
      </Card>
    </div>
  );
}
