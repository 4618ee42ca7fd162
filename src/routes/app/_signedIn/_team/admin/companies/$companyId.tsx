import { ArrowDownTrayIcon, ArrowLeftIcon } from '@heroicons/react/20/solid';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute, notFound } from '@tanstack/react-router';
import { titledHead } from '@/lib/document-title';
import toast from '@/lib/toast';
import * as v from 'valibot';
import {
  COMPANY_SIZE_LABEL,
  COMPANY_STATUS_LABEL,
  COMPANY_TYPE_LABEL,
  DOCUMENT_TYPE_LABEL,
  STEP_LABEL,
  TRACK_LABEL,
  companyDisplayName,
  currentStep,
  findPlan,
  formatBytes,
  formatCnaeCode,
  formatCnpj,
  PAGE_SIZE,
  planFitProblem,
  stepPayload,
} from '@domain';
import { companyQueries } from '@/lib/api/companies';
import { ApiError } from '@/lib/api/errors';
import { documentQueries } from '@/features/documents/api';
import { onboardingQueries } from '@/features/onboarding/api';
import { downloadDocument } from '@/features/onboarding/documents';
import { PublishDocument } from '@/features/documents/components/PublishDocument';
import { CompanyStatusBadge, ProgressBadge, SubscriptionBadge } from '@/components/StatusBadge';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Alert, Card, PageHeader } from '@/components/ui/Card';
import { Pagination } from '@/components/ui/Pagination';
import { formatDate, formatDateTime } from '@/lib/format';
import { AttachGuide } from './-components/AttachGuide';
import { CnpjForm } from './-components/CnpjForm';
import { CompanyDataForm } from './-components/CompanyDataForm';
import { FiscalProfileCard } from './-components/FiscalProfileCard';
import { PayloadView } from './-components/PayloadView';
import { StatusControl } from './-components/StatusControl';

/** `docs`: the page of the documents card (10 a page, newest first). */
const CompanySearch = v.looseObject({
  docs: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export const Route = createFileRoute('/app/_signedIn/_team/admin/companies/$companyId')({
  validateSearch: CompanySearch,
  loader: async ({ context, params }) => {
    try {
      await Promise.all([
        context.queryClient.ensureQueryData(companyQueries.detail(params.companyId)),
        context.queryClient.ensureQueryData(companyQueries.steps(params.companyId)),
      ]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        throw notFound({ data: { path: `/app/admin/companies/${params.companyId}` } });
      throw error;
    }
  },
  head: () => titledHead('Empresa'),
  component: CompanyDetailPage,
});

function Field({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function CompanyDetailPage() {
  const { companyId } = Route.useParams();
  const { data: company } = useSuspenseQuery(companyQueries.detail(companyId));
  const { data: track } = useSuspenseQuery(companyQueries.steps(companyId));
  const history = useQuery(onboardingQueries.statusHistory(companyId));
  const search = Route.useSearch();
  const docsPage = search.docs ?? 1;
  const documents = useQuery({ ...documentQueries.list({ companyId, page: docsPage }), placeholderData: (previous) => previous });
  const address = company.address;
  const plan = company.currentSubscription ? findPlan(company.currentSubscription.planId) : undefined;
  // Companies that chose their plan before the migration read the size from the CNPJ may not fit it: the team fixes it.
  const planMismatch = plan ? planFitProblem(plan, company) : null;
  const waitingForTeam = track && currentStep(track)?.stepId === 'awaiting-guide';
  const cnpjNotFoundConfirmed =
    track?.trackId === 'migrate-company' && !!stepPayload(track, 'migrate-company', 'pre-registration')?.cnpjNotFoundConfirmed;
  const [editing, setEditing] = useState(false);

  return (
    <div>
      <Link
        to="/app/admin/companies"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" /> Empresas
      </Link>
      <PageHeader
        title={companyDisplayName(company)}
        description={company.name && company.alias ? company.name : undefined}
        actions={<CompanyStatusBadge status={company.status} />}
      />
      {cnpjNotFoundConfirmed && (
        <div className="mb-6">
          <Alert tone="info">
            A Receita Federal não encontrou este CNPJ quando o cliente o informou: ele confirmou o número e preencheu os dados da
            empresa à mão. Confira-os antes de assumir a empresa.
          </Alert>
        </div>
      )}
      {planMismatch && (
        <div className="mb-6">
          <Alert>{planMismatch} Confira o porte e a natureza jurídica da empresa e o plano contratado com o cliente.</Alert>
        </div>
      )}
      {waitingForTeam && (
        <div className="mb-6">
          <AttachGuide companyId={companyId} />
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-slate-900">Dados da empresa</h2>
            {!editing && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Editar dados
              </Button>
            )}
          </div>
          {editing && <CompanyDataForm company={company} onDone={() => setEditing(false)} />}
          <dl className={`mt-4 grid gap-4 sm:grid-cols-2 ${editing ? 'hidden' : ''}`}>
            <Field label="Razão social">{company.name ?? '—'}</Field>
            <Field label="Nome fantasia">{company.alias ?? '—'}</Field>
            <Field label="CNPJ">{company.cnpj ? formatCnpj(company.cnpj) : 'Ainda não emitido'}</Field>
            <Field label="Porte">{company.size ? COMPANY_SIZE_LABEL[company.size] : '—'}</Field>
            <Field label="Natureza">{company.type ? COMPANY_TYPE_LABEL[company.type] : '—'}</Field>
            <Field label="Cadastro">{formatDate(company.createdAt)}</Field>
            <Field label="Atividades" className="sm:col-span-2">
              {company.mainActivity
                ? [company.mainActivity, ...company.secondaryActivities].map(formatCnaeCode).join(', ')
                : 'Não informadas'}
            </Field>
            <Field label="Endereço" className="sm:col-span-2">
              {address
                ? `${address.street}${address.number ? `, ${address.number}` : ''}${address.complement ? ` — ${address.complement}` : ''}, ${address.neighborhood}, ${address.city}/${address.state}, CEP ${address.zipCode.replace(/^(\d{5})(\d{3})$/, '$1-$2')}`
                : 'Não informado'}
            </Field>
          </dl>
        </Card>
        <div className="space-y-6">
          <Card>
            <h2 className="text-base font-semibold text-slate-900">Assinatura</h2>
            {company.currentSubscription ? (
              <div className="mt-3 space-y-2 text-sm">
                <p className="font-medium text-slate-800">Plano {plan?.name ?? company.currentSubscription.planId}</p>
                <SubscriptionBadge status={company.currentSubscription.status} />
              </div>
            ) : (
              <p className="mt-3 text-sm text-slate-600">Nenhum plano contratado.</p>
            )}
          </Card>
          <StatusControl company={company} previousStatus={company.previousStatus} />
          <CnpjForm company={company} />
        </div>
      </div>

      <FiscalProfileCard companyId={companyId} />

      <Card className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">{track ? TRACK_LABEL[track.trackId] : 'Jornada'}</h2>
          {track && <ProgressBadge status={track.status} />}
        </div>
        {track ? (
          <ol className="mt-4 divide-y divide-slate-100">
            {track.steps.map((step, i) => (
              <li key={step.stepId} className="py-3">
                <details className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4">
                    <span className="text-sm text-slate-800">
                      <span className="mr-2 text-slate-500">{i + 1}.</span>
                      {STEP_LABEL[step.stepId]}
                      {step.payload && <span className="ml-2 text-xs text-brand-700 group-open:hidden">ver dados</span>}
                    </span>
                    <ProgressBadge status={step.status} />
                  </summary>
                  <div className="mt-3 rounded-lg bg-slate-50 p-3">
                    <PayloadView payload={step.payload} />
                  </div>
                </details>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-sm text-slate-600">
            Esta empresa ainda não começou uma jornada de abertura ou de troca de contador.
          </p>
        )}
      </Card>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-slate-900">Documentos</h2>
            <PublishDocument companyId={companyId} />
          </div>
          {documents.data?.data.length ? (
            <ul className="mt-3 divide-y divide-slate-100">
              {documents.data.data.map((document) => (
                <li key={document.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-800">{document.name}</span>
                    <span className="text-xs text-slate-500">
                      {DOCUMENT_TYPE_LABEL[document.type]} · {formatBytes(document.size)} · {formatDate(document.createdAt)}
                    </span>
                  </span>
                  <Button
                    variant="ghost"
                    aria-label={`Baixar ${document.name}`}
                    onClick={() => downloadDocument({ ...document, companyId }).catch((e: Error) => toast.error(e.message))}
                  >
                    <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-600">{documents.isPending ? 'Carregando…' : 'Nenhum documento ainda.'}</p>
          )}
          {documents.data && (
            <Pagination
              page={docsPage}
              pageSize={PAGE_SIZE.documents}
              total={documents.data.total}
              searchFor={(page) => ({ ...search, docs: page > 1 ? page : undefined })}
            />
          )}
        </Card>
        <Card>
          <h2 className="text-base font-semibold text-slate-900">Histórico de situação</h2>
          {history.data?.length ? (
            <ol className="mt-3 space-y-3">
              {history.data.map((change) => (
                <li key={change.id} className="text-sm">
                  <p className="font-medium text-slate-900">
                    {change.fromStatus ? `${COMPANY_STATUS_LABEL[change.fromStatus]} → ` : ''}
                    {COMPANY_STATUS_LABEL[change.toStatus]}
                  </p>
                  <p className="text-xs text-slate-500">
                    {formatDateTime(change.changedAt)} · {change.changedBy?.name ?? 'Sistema'}
                  </p>
                  {change.note && <p className="text-slate-700">{change.note}</p>}
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-3 text-sm text-slate-600">{history.isPending ? 'Carregando…' : 'Sem mudanças registradas.'}</p>
          )}
        </Card>
      </div>
    </div>
  );
}
