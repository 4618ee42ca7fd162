/** What the invoice form edits, apart from the form (which loads when it opens). */
export type InvoiceFormValues = {
  emissionType: 'cnpj' | 'cpf';
  cnpj: string;
  cpf: string;
  totalCents: number | undefined;
  customerName: string;
  customerEmail: string;
  description: string;
  activity: string;
  serviceItem: string;
  issWithheld: boolean;
  competence: string;
  dayOfMonth: string;
  active: boolean;
  /** A schedule's requests go to the national system by themselves (issue 18). */
  autoEmit: boolean;
};

export const emptyInvoice = (competence: string): InvoiceFormValues => ({
  emissionType: 'cnpj',
  cnpj: '',
  cpf: '',
  totalCents: undefined,
  customerName: '',
  customerEmail: '',
  description: '',
  activity: '',
  serviceItem: '',
  issWithheld: false,
  competence,
  dayOfMonth: '5',
  active: true,
  autoEmit: false,
});
