import { useSuspenseQuery } from '@tanstack/react-query';
import type { Company } from '@domain';
import { fiscalProfileQueries } from '@/features/invoices/nfse-api';
import { CertificateSummary, FiscalProfileSummary } from '@/features/invoices/components/FiscalProfileSummary';
import { Alert, Card, EmptyState } from '@/components/ui/Card';
import { formatDate } from '@/lib/format';

/**
 * What the company's invoices carry to the national system, read-only: the fiscal profile the team keeps and the A1
 * certificate's validity (never the file). Beside the invoices, because that is where a customer checks why a note
 * came out as it did, and where a certificate about to expire matters. Read inside a QueryBoundary.
 */
export function FiscalProfileTab({ company }: { company: Company }) {
  const { profile, certificate } = useSuspenseQuery(fiscalProfileQueries.detail(company.id)).data;
  if (!profile && !certificate)
    return (
      <EmptyState title="Dados fiscais ainda não cadastrados">
        Nossa equipe cadastra o perfil fiscal e o certificado digital da sua empresa para emitir as notas pelo Sistema Nacional da
        NFS-e. Enquanto isso, suas notas continuam sendo emitidas normalmente.
      </EmptyState>
    );
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <h2 className="text-base font-semibold text-slate-900">Perfil fiscal</h2>
        <p className="mt-1 text-sm text-slate-600">
          Os dados com que suas notas são emitidas pelo Sistema Nacional da NFS-e. Algo errado? Fale com a nossa equipe.
        </p>
        <div className="mt-4">
          {profile ? (
            <>
              <FiscalProfileSummary profile={profile} />
              <p className="mt-4 text-xs text-slate-500">Atualizado em {formatDate(profile.updatedAt)}.</p>
            </>
          ) : (
            <p className="text-sm text-slate-600">Nossa equipe ainda vai cadastrar o perfil fiscal.</p>
          )}
        </div>
      </Card>
      <Card>
        <h2 className="text-base font-semibold text-slate-900">Certificado digital</h2>
        <div className="mt-4">
          {certificate ? (
            <CertificateSummary certificate={certificate} />
          ) : (
            <Alert tone="info">Nenhum certificado digital A1 cadastrado. Envie o seu à nossa equipe.</Alert>
          )}
        </div>
      </Card>
    </div>
  );
}
