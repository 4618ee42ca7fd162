import { createFileRoute } from '@tanstack/react-router';
import { companyDisplayName } from '@domain';
import { Card } from '@/components/ui/Card';
import { useCompanyState } from '@/lib/company-state';
import { titledHead } from '@/lib/document-title';

export const Route = createFileRoute('/app/_signedIn/user/disabled')({
  staticData: { hideSideMenu: true, hideCompanySelector: true },
  head: () => titledHead('Empresa desativada'),
  component: DisabledPage,
});

function DisabledPage() {
  const { company } = useCompanyState();
  return (
    <Card className="mx-auto max-w-xl">
      <h1 className="text-xl font-bold text-slate-900">Empresa desativada</h1>
      <p className="mt-3 text-slate-700">
        {company ? <strong>{companyDisplayName(company)}</strong> : 'Sua empresa'} está desativada na nossa contabilidade.
        Enquanto isso, as notas fiscais, os extratos e os documentos ficam indisponíveis.
      </p>
      <p className="mt-3 text-slate-700">
        Isso acontece quando o contrato é encerrado ou quando há pendências de pagamento. Para reativar ou tirar dúvidas, fale com
        a nossa equipe pelo e-mail{' '}
        <a className="font-semibold text-brand-700 underline" href="mailto:atendimento@contabil.com.br">
          atendimento@contabil.com.br
        </a>
        .
      </p>
    </Card>
  );
}
