import * as v from 'valibot';
import type { DocumentStatus, DocumentType, StepId } from './enums';
import { DOCUMENT_TYPES, STEP_IDS } from './enums';

export const DOCUMENT_TYPE_LABEL: Record<DocumentType, string> = {
  contrato_social: 'Contrato social',
  cartao_cnpj: 'Cartão CNPJ',
  alvara: 'Alvará',
  certificado_digital: 'Certificado digital',
  guia_das: 'Guia DAS',
  guia_taxa: 'Guia de taxa',
  comprovante_pagamento: 'Comprovante de pagamento',
  nota_fiscal: 'Nota fiscal',
  extrato: 'Extrato',
  declaracao: 'Declaração',
  outros: 'Outros',
  rg_cnh: 'RG ou CNH',
  cpf: 'CPF',
  comprovante_endereco: 'Comprovante de endereço',
};

export const DOCUMENT_STATUS_LABEL: Record<DocumentStatus, string> = {
  pending: 'Pendente',
  available: 'Disponível',
  viewed: 'Visualizado',
  paid: 'Pago',
  archived: 'Arquivado',
};

/** A document as the API answers it. */
export interface CompanyDocument {
  id: string;
  /** null for a person's own document. */
  companyId: string | null;
  type: DocumentType;
  status: DocumentStatus;
  name: string;
  contentType: string;
  size: number;
  stepId: StepId | null;
  uploadedBy: string | null;
  createdAt: string;
}

/** The form fields that come with an uploaded file. */
export const DocumentUploadSchema = v.object({
  type: v.picklist(DOCUMENT_TYPES, 'Escolha o tipo do documento.'),
  stepId: v.optional(v.picklist(STEP_IDS, 'Etapa inválida.')),
});

/** 1536 → "1,5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${units[unit]}`;
}
