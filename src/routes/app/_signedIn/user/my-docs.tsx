import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { PersonalDocumentType } from '@domain';
import { PERSONAL_DOCUMENT_TYPES } from '@domain';
import { documentQueries } from '@/features/documents/api';
import { PersonalDocumentSlot } from '@/features/documents/components/PersonalDocumentSlot';
import { QueryBoundary } from '@/components/QueryBoundary';
import { PageHeader } from '@/components/ui/Card';
import { requireCompany } from '@/lib/guards';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

export const Route = createFileRoute('/app/_signedIn/user/my-docs')({
  // Pages of the person that still need a company chosen (the other /app/user pages do not).
  beforeLoad: async (args) => {
    await requireCompany(args);
  },
  head: () => headOfPage('/app/user/my-docs'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(documentQueries.personal());
  },
  component: MyDocsPage,
});

const HELP: Record<PersonalDocumentType, string> = {
  rg_cnh: 'Frente e verso, legíveis. A CNH digital em PDF também vale.',
  cpf: 'O cartão do CPF ou o comprovante de inscrição da Receita Federal.',
  comprovante_endereco: 'Conta de luz, água, telefone ou internet dos últimos 3 meses.',
};

/** The person's own documents: kept with them, seen only by them and by the accounting team. */
function MyDocsPage() {
  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/user/my-docs']}
        description="Seus documentos pessoais, que usamos nos registros das suas empresas. Só você e a nossa equipe contábil os veem."
      />
      <QueryBoundary errorTitle="Não foi possível carregar seus arquivos">
        <PersonalDocuments />
      </QueryBoundary>
    </div>
  );
}

function PersonalDocuments() {
  const { data: personal } = useSuspenseQuery(documentQueries.personal());
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {PERSONAL_DOCUMENT_TYPES.map((type) => (
        <PersonalDocumentSlot
          key={type}
          type={type}
          help={HELP[type]}
          document={personal.find((document) => document.type === type)}
        />
      ))}
    </div>
  );
}
