/** A step's payload as a readable list: labels from the field names, values as text. */
const LABELS: Record<string, string> = {
  type: 'Natureza jurídica',
  size: 'Porte',
  intent: 'Descrição do negócio',
  mainActivity: 'Atividade principal',
  secondaryActivities: 'Atividades secundárias',
  alias: 'Nome fantasia',
  name: 'Nome',
  address: 'Endereço',
  branchType: 'Tipo',
  partners: 'Sócios',
  cpf: 'CPF',
  birthDate: 'Nascimento',
  maritalStatus: 'Estado civil',
  propertyRegime: 'Regime de bens',
  share: 'Participação (%)',
  email: 'E-mail',
  phone: 'Telefone',
  planId: 'Plano',
  documentId: 'Documento',
  dueDate: 'Vencimento',
  amountCents: 'Valor (centavos)',
  instructions: 'Instruções',
  cnpj: 'CNPJ',
  cnpjNotFoundConfirmed: 'CNPJ fora da Receita Federal, confirmado pelo cliente',
  currentAccountant: 'Contador atual',
  previousAccountant: 'Contador anterior',
  reason: 'Motivo da troca',
  confirmed: 'Confirmado',
  corrections: 'Correções',
  certificateKind: 'Certificado digital',
  lastResponsibleMonth: 'Última competência do contador anterior',
  items: 'Documentos da transferência',
  delivery: 'Entrega',
  notes: 'Observações',
  zipCode: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'UF',
};

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="text-slate-500">—</span>;
  if (typeof value === 'boolean') return <>{value ? 'Sim' : 'Não'}</>;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object')) return <>{value.join(', ') || '—'}</>;
    return (
      <ol className="space-y-2">
        {value.map((item, i) => (
          <li key={i} className="rounded-lg border border-slate-100 p-2">
            <PayloadView payload={item as Record<string, unknown>} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') return <PayloadView payload={value as Record<string, unknown>} />;
  return <>{String(value)}</>;
}

export function PayloadView({ payload }: { payload: Record<string, unknown> | null }) {
  if (!payload || Object.keys(payload).length === 0) return <p className="text-sm text-slate-500">Sem dados.</p>;
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {Object.entries(payload)
        .filter(([key]) => key !== 'activities' && key !== 'fileName' && key !== 'sameAddressAsCompany')
        .map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-slate-500">{LABELS[key] ?? key}</dt>
            <dd className="text-slate-800">
              <Value value={value} />
            </dd>
          </div>
        ))}
    </dl>
  );
}
