import { formatCep, formatCpf } from '@brazilian-utils/brazilian-utils';
import { formatCnaeCode } from './cnae';
import { formatCnpj } from './company';
import { onlyDigits } from './digits';
import { onFirstUse } from './intl';
import {
  CERTIFICATE_KIND_LABEL,
  COMPANY_SIZE_LABEL,
  COMPANY_TYPE_LABEL,
  MARITAL_STATUS_LABEL,
  PROPERTY_REGIME_LABEL,
} from './labels';
import { findPlan, formatMoney } from './plans';
import type { HandoverItem } from './steps';
import { HANDOVER_DELIVERY_LABEL, HANDOVER_ITEM_LABEL } from './steps';
import { formatPhone } from './users';

/**
 * A wizard step's payload as the team reads it ("ver dados" on a company's page): each field under its Portuguese
 * name, each value as the customer's screens show it — labels for the choices, dd/mm/aaaa, CPF, CNPJ, CEP and phone
 * with their punctuation, reais, activity codes as 0000-0/00. Nothing shown is a code of the program.
 */
export type PayloadField =
  | { key: string; label: string; text: string }
  | { key: string; label: string; fields: PayloadField[] }
  | { key: string; label: string; items: PayloadField[][] };

const LABELS: Record<string, string> = {
  type: 'Natureza jurídica',
  size: 'Porte',
  intent: 'Descrição do negócio',
  mainActivity: 'Atividade principal',
  secondaryActivities: 'Atividades secundárias',
  alias: 'Nome fantasia',
  name: 'Nome',
  address: 'Endereço',
  branchType: 'Tipo de estabelecimento',
  partners: 'Sócios',
  cpf: 'CPF',
  birthDate: 'Nascimento',
  maritalStatus: 'Estado civil',
  propertyRegime: 'Regime de bens',
  share: 'Participação no capital',
  email: 'E-mail',
  phone: 'Telefone',
  planId: 'Plano',
  documentId: 'Documento',
  dueDate: 'Vencimento',
  amountCents: 'Valor',
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

/** What the form keeps beside a step's fields, never part of what the team reads. */
const HIDDEN = new Set(['activities', 'fileName', 'sameAddressAsCompany']);

const BRANCH_TYPE_LABEL: Record<string, string> = { matriz: 'Matriz', filial: 'Filial' };

/** "1988-07-22" → "22/07/1988"; the date is a calendar day, so no time zone moves it. */
const formatIsoDay = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
};

/** "2026-10" → "10/2026". */
const formatMonth = (value: string) => {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return match ? `${match[2]}/${match[1]}` : value;
};

const percent = onFirstUse(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }));

/** A label found by a value's own code, or the value as given when the table does not know it. */
const labelOf = (labels: Record<string, string>, value: unknown) => labels[String(value)] ?? String(value);

/** A scalar value of a field, by the field's name. */
function textOf(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  const text = String(value);
  switch (key) {
    case 'type':
      return labelOf(COMPANY_TYPE_LABEL, value);
    case 'size':
      return labelOf(COMPANY_SIZE_LABEL, value);
    case 'maritalStatus':
      return labelOf(MARITAL_STATUS_LABEL, value);
    case 'propertyRegime':
      return labelOf(PROPERTY_REGIME_LABEL, value);
    case 'branchType':
      return labelOf(BRANCH_TYPE_LABEL, value);
    case 'certificateKind':
      return labelOf(CERTIFICATE_KIND_LABEL, value);
    case 'delivery':
      return labelOf(HANDOVER_DELIVERY_LABEL, value);
    case 'planId':
      return findPlan(text)?.name ?? text;
    case 'mainActivity':
    case 'secondaryActivities':
      return formatCnaeCode(text);
    case 'cpf':
      return onlyDigits(text).length === 11 ? formatCpf(onlyDigits(text)) : text;
    case 'cnpj':
      return formatCnpj(text);
    case 'zipCode':
      return onlyDigits(text).length === 8 ? formatCep(onlyDigits(text)) : text;
    case 'phone':
      return formatPhone(text);
    case 'birthDate':
    case 'dueDate':
      return formatIsoDay(text);
    case 'lastResponsibleMonth':
      return formatMonth(text);
    case 'amountCents':
      return typeof value === 'number' ? formatMoney(value) : text;
    case 'share':
      return typeof value === 'number' ? `${percent().format(value)}%` : text;
    case 'documentId':
      return 'Anexado';
    default:
      return text;
  }
}

/** The payload of a step, field by field, as the team reads it. */
export function describePayload(payload: Record<string, unknown> | null | undefined): PayloadField[] {
  if (!payload) return [];
  return Object.entries(payload)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]): PayloadField => {
      // The handover items are named by what each one is.
      const label = LABELS[key] ?? HANDOVER_ITEM_LABEL[key as HandoverItem]?.title ?? key;
      if (Array.isArray(value)) {
        if (value.every((item) => item === null || typeof item !== 'object')) {
          return { key, label, text: value.length ? value.map((item) => textOf(key, item)).join(', ') : '—' };
        }
        return { key, label, items: value.map((item) => describePayload(item as Record<string, unknown>)) };
      }
      if (value && typeof value === 'object') return { key, label, fields: describePayload(value as Record<string, unknown>) };
      return { key, label, text: textOf(key, value) };
    });
}
