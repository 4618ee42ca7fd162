import type {
  CompanySize,
  CompanyStatus,
  CompanyType,
  MaritalStatus,
  ProgressStatus,
  PropertyRegime,
  Role,
  StepId,
  SubscriptionStatus,
  TrackId,
} from './enums';

/** How the product names each state and kind, in the customer's language. */

export const COMPANY_STATUS_LABEL: Record<CompanyStatus, string> = {
  pending: 'Cadastro pendente',
  awaiting_opening: 'Aguardando abertura',
  migrating: 'Em migração',
  opening: 'Em abertura',
  active: 'Ativa',
  overdue: 'Pagamento em atraso',
  disabled: 'Desativada',
};

export const TRACK_LABEL: Record<TrackId, string> = {
  'create-company': 'Abertura de empresa',
  'migrate-company': 'Troca de contador',
};

export const STEP_LABEL: Record<StepId, string> = {
  'pre-registration': 'Dados da empresa',
  'partner-registration': 'Sócios',
  'partner-registration-basic': 'Sócios',
  subscription: 'Plano e pagamento',
  'awaiting-guide': 'Guia de abertura',
  'upload-guide-receipt': 'Comprovante da guia',
  'download-company-info': 'Dados na Receita Federal',
  'migrate-accountant': 'Transferência do contador',
};

export const PROGRESS_LABEL: Record<ProgressStatus, string> = {
  pending: 'Pendente',
  in_progress: 'Em andamento',
  done: 'Concluída',
};

export const ROLE_LABEL: Record<Role, string> = {
  'system-admin': 'Equipe contábil',
  'company-admin': 'Cliente',
};

export const SUBSCRIPTION_STATUS_LABEL: Record<SubscriptionStatus, string> = {
  pending: 'Aguardando pagamento',
  active: 'Ativa',
  overdue: 'Em atraso',
  cancelled: 'Cancelada',
};

export const COMPANY_SIZE_LABEL: Record<CompanySize, string> = {
  MEI: 'Microempreendedor Individual (MEI)',
  ME: 'Microempresa (ME)',
  EPP: 'Empresa de Pequeno Porte (EPP)',
  EMP: 'Empresa de médio porte',
  GE: 'Empresa de grande porte',
};

export const COMPANY_TYPE_LABEL: Record<CompanyType, string> = {
  on_person: 'Empresário individual',
  private_limited: 'Sociedade limitada unipessoal (SLU)',
  limited_liability: 'Sociedade limitada (LTDA)',
};

export const MARITAL_STATUS_LABEL: Record<MaritalStatus, string> = {
  single: 'Solteiro(a)',
  married: 'Casado(a)',
  divorced: 'Divorciado(a)',
  widowed: 'Viúvo(a)',
};

export const PROPERTY_REGIME_LABEL: Record<PropertyRegime, string> = {
  community_property: 'Comunhão parcial de bens',
  universal_community_property: 'Comunhão universal de bens',
  separation_of_property: 'Separação de bens',
};

/** A company's digital certificate, as the customer chose it in the handover step. */
export const CERTIFICATE_KIND_LABEL: Record<'A1' | 'A3' | 'none', string> = {
  A1: 'A1 (arquivo .pfx)',
  A3: 'A3 (token ou cartão)',
  none: 'Não tem',
};

/** The months in Portuguese, January first, as written in a sentence ("março/2026"). */
export const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

/** The months' short names, for chart axes ("jan", "fev", …). */
export const MONTH_ABBREVIATIONS = MONTH_NAMES.map((name) => name.slice(0, 3));

/** A month's name as a title or a list item starts it ("Março"). */
export const capitalizedMonthName = (month: number) => MONTH_NAMES[month - 1].replace(/^./, (first) => first.toUpperCase());
