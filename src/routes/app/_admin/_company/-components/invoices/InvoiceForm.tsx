import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useEffect, useRef } from 'react';
import type { Company, FieldErrors, NfsCustomer } from '@domain';
import { NfsRequestSchema, NfsScheduleSchema, formatCnaeCode, knownCustomerMatch, normalizeCnpj, onlyDigits } from '@domain';
import { invoiceQueries } from '@/api/invoices';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { CheckboxField, ChoiceCards } from '@/components/ui/choices';
import { MonthField } from '@/components/ui/DateField';
import { MaskedField } from '@/components/ui/MaskedField';
import { MoneyField } from '@/components/ui/MoneyField';
import { SelectField } from '@/components/ui/SelectField';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { useSchemaForm } from '@/lib/form';
import { CNPJ_MASK, CNPJ_TOKENS, CPF_MASK } from '@/lib/masks';

import type { InvoiceFormValues } from './invoice-values';

export type { InvoiceFormValues };

/** The body the API takes: the value in reais (spec §3 `totalValue`), blanks left out. */
export function invoiceBody(values: InvoiceFormValues, mode: 'request' | 'schedule') {
  return {
    emissionType: values.emissionType,
    ...(values.emissionType === 'cnpj' ? { cnpj: values.cnpj || undefined } : { cpf: values.cpf || undefined }),
    totalValue: values.totalCents === undefined ? undefined : values.totalCents / 100,
    customerName: values.customerName,
    customerEmail: values.customerEmail || undefined,
    description: values.description,
    activity: values.activity || undefined,
    serviceItem: values.serviceItem || undefined,
    issWithheld: values.issWithheld,
    ...(mode === 'request'
      ? { competence: values.competence }
      : { dayOfMonth: values.dayOfMonth, active: values.active, autoEmit: values.autoEmit }),
  };
}

/** The tomadores the company invoiced before whose document starts as typed, once the document is complete. */
function useKnownCustomers(companyId: string, emissionType: 'cnpj' | 'cpf', document: string) {
  const digits = emissionType === 'cnpj' ? normalizeCnpj(document) : onlyDigits(document);
  const complete = digits.length === (emissionType === 'cnpj' ? 14 : 11);
  const { data } = useQuery({ ...invoiceQueries.customers(companyId, digits), enabled: complete });
  return complete ? data : undefined;
}

/** An invoice request, or a monthly schedule of one: the tomador, the service, the value. */
export function InvoiceForm({
  company,
  mode,
  initial,
  submitLabel,
  busy,
  serverErrors,
  serverMessage,
  onSubmit,
  onCancel,
}: {
  company: Company;
  mode: 'request' | 'schedule';
  initial: InvoiceFormValues;
  submitLabel: string;
  busy: boolean;
  serverErrors?: FieldErrors;
  serverMessage?: string | null;
  onSubmit: (body: ReturnType<typeof invoiceBody>) => void;
  onCancel?: () => void;
}) {
  const form = useSchemaForm(mode === 'request' ? NfsRequestSchema : NfsScheduleSchema, initial);
  const { values, set } = form;
  const errors = { ...form.errors, ...serverErrors };
  const tomadorDocument = values.emissionType === 'cnpj' ? values.cnpj : values.cpf;
  const known = knownCustomerMatch(useKnownCustomers(company.id, values.emissionType, tomadorDocument), {
    emissionType: values.emissionType,
    document: tomadorDocument,
    name: values.customerName,
  });
  const activities = company.mainActivity ? [company.mainActivity, ...company.secondaryActivities] : [];

  // Name and e-mail of one tomador, together: never a name typed here beside another tomador's e-mail.
  function takeCustomer(customer: NfsCustomer) {
    set('customerName')(customer.name);
    set('customerEmail')(customer.email ?? '');
  }

  // A tomador invoiced before fills in by itself when no name was typed yet (spec: saved customers are offered again).
  // Once per document: a name erased afterwards is the person's to type.
  const toFill = known?.kind === 'fill' ? known.customer : undefined;
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!toFill || filledFor.current === toFill.document) return;
    filledFor.current = toFill.document;
    takeCustomer(toFill);
  }, [toFill]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = invoiceBody(values, mode);
    if (!form.check(body)) return;
    onSubmit(body);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {serverMessage && <Alert>{serverMessage}</Alert>}
      <ChoiceCards
        legend="Tomador do serviço"
        name="emissionType"
        value={values.emissionType}
        onChange={set('emissionType')}
        columns={2}
        options={[
          { value: 'cnpj', title: 'Empresa (CNPJ)' },
          { value: 'cpf', title: 'Pessoa (CPF)' },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {values.emissionType === 'cnpj' ? (
          <MaskedField
            label="CNPJ do tomador"
            mask={CNPJ_MASK}
            tokens={CNPJ_TOKENS}
            value={values.cnpj}
            onValueChange={set('cnpj')}
            error={errors.cnpj}
          />
        ) : (
          <MaskedField
            label="CPF do tomador"
            inputMode="numeric"
            mask={CPF_MASK}
            value={values.cpf}
            onValueChange={set('cpf')}
            error={errors.cpf}
          />
        )}
        <TextField
          label="Nome ou razão social"
          value={values.customerName}
          onChange={(e) => set('customerName')(e.target.value)}
          error={errors.customerName}
          hint={known?.kind === 'same' ? 'Já emitimos para este tomador: os dados foram preenchidos.' : undefined}
        />
        {known?.kind === 'otherName' && (
          <div className="sm:col-span-2">
            <Alert tone="info">
              <p>
                Este {values.emissionType === 'cnpj' ? 'CNPJ' : 'CPF'} é de <strong>{known.customer.name}</strong>, para quem você
                já pediu notas, e não de “{values.customerName.trim()}”. Confira o nome antes de enviar.
              </p>
              <Button variant="secondary" className="mt-2" onClick={() => takeCustomer(known.customer)}>
                Usar {known.customer.name}
              </Button>
            </Alert>
          </div>
        )}
        <TextField
          label="E-mail do tomador (opcional)"
          type="email"
          value={values.customerEmail}
          onChange={(e) => set('customerEmail')(e.target.value)}
          error={errors.customerEmail}
          hint="Enviamos uma cópia da nota para ele."
        />
        <MoneyField
          label="Valor do serviço (R$)"
          cents={values.totalCents}
          onCentsChange={set('totalCents')}
          error={errors.totalValue}
        />
      </div>
      <TextAreaField
        label="Descrição do serviço"
        value={values.description}
        onChange={(e) => set('description')(e.target.value)}
        error={errors.description}
        hint="Como deve aparecer na nota. Até 2.000 caracteres."
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Atividade (CNAE)"
          value={values.activity}
          onChange={(e) => set('activity')(e.target.value)}
          error={errors.activity}
        >
          <option value="">{activities.length ? 'Escolha' : 'Não informada'}</option>
          {activities.map((code, i) => (
            <option key={code} value={code}>
              {formatCnaeCode(code)}
              {i === 0 ? ' (principal)' : ''}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Item da lista de serviços (opcional)"
          value={values.serviceItem}
          onChange={(e) => set('serviceItem')(e.target.value)}
          error={errors.serviceItem}
          hint="Ex.: 1.07. Se não souber, nossa equipe preenche."
        />
        {mode === 'request' ? (
          <MonthField label="Competência" value={values.competence} onValueChange={set('competence')} error={errors.competence} />
        ) : (
          <SelectField
            label="Dia do mês"
            value={values.dayOfMonth}
            onChange={(e) => set('dayOfMonth')(e.target.value)}
            error={errors.dayOfMonth}
          >
            {Array.from({ length: 12 }, (_, i) => String(i + 1)).map((day) => (
              <option key={day} value={day}>
                Dia {day}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <CheckboxField label="O tomador retém o ISS" checked={values.issWithheld} onChange={set('issWithheld')} />
      {mode === 'schedule' && <CheckboxField label="Agendamento ativo" checked={values.active} onChange={set('active')} />}
      {mode === 'schedule' && (
        <CheckboxField
          label="Emitir automaticamente pelo Sistema Nacional"
          checked={values.autoEmit}
          onChange={set('autoEmit')}
          hint="No dia do agendamento a nota é emitida sozinha, sem esperar a equipe. Se o Sistema Nacional recusar, nossa equipe vê o motivo e resolve."
        />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
        )}
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
