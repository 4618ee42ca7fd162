import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import toast from '@/lib/toast';
import * as v from 'valibot';
import type { Company, DocumentType } from '@domain';
import { COMPANY_DOCUMENT_TYPES, DOCUMENT_TYPE_LABEL, GUIDE_DOCUMENT_TYPES, PAGE_SIZE, monthKey, saoPauloDate } from '@domain';
import { documentQueries } from '@/features/documents/api';
import { DocumentCard } from '@/features/documents/components/DocumentCard';
import { Button } from '@/components/ui/Button';
import { filterControlClass } from '@/components/ui/Field';
import { QueryBoundary } from '@/components/QueryBoundary';
import { Card, EmptyState, PageHeader } from '@/components/ui/Card';
import { Pagination, usePageInRange } from '@/components/ui/Pagination';
import { PageSpinner } from '@/components/ui/Spinner';
import { useSessionActor } from '@/lib/session-handle';
import { useCompanyState } from '@/lib/company-state';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

// The upload form (and its file machine) loads when "Enviar documento" opens it.
const DocumentUploadForm = lazy(() =>
  import('@/features/documents/components/DocumentUploadForm').then((m) => ({ default: m.DocumentUploadForm })),
);

const FILTERS = ['guias', ...COMPANY_DOCUMENT_TYPES] as const;
type Filter = (typeof FILTERS)[number];

// Loose: other parameters of the address (a link's, a campaign's) stay where they are.
const DocumentsSearch = v.looseObject({
  tipo: v.fallback(v.optional(v.picklist(FILTERS)), undefined),
  arquivados: v.fallback(v.optional(v.boolean()), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  enviar: v.fallback(v.optional(v.boolean()), undefined),
});
type Search = v.InferOutput<typeof DocumentsSearch>;

export const Route = createFileRoute('/app/_signedIn/_withCompany/documents')({
  validateSearch: DocumentsSearch,
  head: () => headOfPage('/app/documents'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(listQuery(context.companyId, deps));
  },
  component: DocumentsPage,
});

const typesOf = (filter: Filter | undefined): DocumentType[] | undefined =>
  filter === 'guias' ? [...GUIDE_DOCUMENT_TYPES] : filter ? [filter] : undefined;

/** The page of the list the address asks for: the loader starts it, the page reads it. */
const listQuery = (companyId: string, search: Pick<Search, 'tipo' | 'arquivados' | 'page'>) =>
  documentQueries.list({ companyId, page: search.page ?? 1, types: typesOf(search.tipo), archived: search.arquivados });

const todayInSaoPaulo = () => {
  const { year, month, day } = saoPauloDate(new Date());
  return `${monthKey(year, month)}-${String(day).padStart(2, '0')}`;
};

function DocumentsPage() {
  const { company } = useCompanyState();
  if (!company) return null;
  return <CompanyDocuments company={company} />;
}

function CompanyDocuments({ company }: { company: Company }) {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const go = (changes: Partial<Search>) => navigate({ to: '.', search: { ...search, ...changes } as never });

  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/documents']}
        description="Contrato social, cartão CNPJ, guias de impostos e o que mais a sua empresa guarda conosco."
        actions={!search.enviar && <Button onClick={() => go({ enviar: true })}>Enviar documento</Button>}
      />

      {search.enviar && (
        <Card className="mb-6">
          <h2 className="mb-4 text-lg font-bold text-slate-900">Enviar um arquivo</h2>
          <Suspense fallback={<PageSpinner />}>
            <DocumentUploadForm
              companyId={company.id}
              mode="register"
              onCancel={() => go({ enviar: undefined })}
              onDone={(document) => {
                toast.success(`“${document.name}” enviado.`);
                void queryClient.invalidateQueries({ queryKey: ['documents', company.id] });
                go({ enviar: undefined, page: undefined, arquivados: undefined, tipo: undefined });
              }}
            />
          </Suspense>
        </Card>
      )}

      <div className="mb-4 flex flex-wrap items-center gap-3">
        <select
          aria-label="Filtrar por tipo"
          className={filterControlClass}
          value={search.tipo ?? ''}
          onChange={(e) => go({ tipo: (e.target.value || undefined) as Filter | undefined, page: undefined })}
        >
          <option value="">Todos os tipos</option>
          <option value="guias">Guias a pagar (DAS e taxas)</option>
          {COMPANY_DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {DOCUMENT_TYPE_LABEL[type]}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={Boolean(search.arquivados)}
            onChange={(e) => go({ arquivados: e.target.checked || undefined, page: undefined })}
          />
          Somente arquivados
        </label>
      </div>

      <QueryBoundary errorTitle="Não foi possível carregar os arquivos" resetKey={[search.tipo, search.arquivados, search.page]}>
        <DocumentList companyId={company.id} search={search} go={go} />
      </QueryBoundary>
    </div>
  );
}

function DocumentList({ companyId, search, go }: { companyId: string; search: Search; go: (changes: Partial<Search>) => void }) {
  const uid = useSelector(useSessionActor(), (s) => s.context.user?.uid ?? null);
  const page = search.page ?? 1;
  const { data: list } = useSuspenseQuery(listQuery(companyId, search));
  usePageInRange({ search, pageSize: PAGE_SIZE.documents, total: list.total });
  const filtered = Boolean(search.tipo || search.arquivados);
  const today = todayInSaoPaulo();
  if (list.data.length === 0)
    return (
      <EmptyState
        title={filtered ? 'Nenhum arquivo encontrado' : 'Nenhum arquivo por aqui ainda'}
        action={
          filtered ? (
            <Button variant="secondary" onClick={() => go({ tipo: undefined, arquivados: undefined, page: undefined })}>
              Ver todos
            </Button>
          ) : !search.enviar ? (
            <Button onClick={() => go({ enviar: true })}>Enviar documento</Button>
          ) : undefined
        }
      >
        {filtered
          ? 'Nenhum documento com esse filtro.'
          : 'Os documentos que a equipe publicar para a sua empresa aparecem aqui. Você também pode enviar os seus.'}
      </EmptyState>
    );
  return (
    <>
      <ul className="space-y-3" aria-label="Documentos da empresa">
        {list.data.map((document) => (
          <DocumentCard key={document.id} document={document} today={today} uid={uid} />
        ))}
      </ul>
      <Pagination page={page} pageSize={PAGE_SIZE.documents} total={list.total} searchFor={(p) => ({ ...search, page: p })} />
    </>
  );
}
