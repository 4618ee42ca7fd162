import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent, FormEvent } from 'react';
import { useEffect, useRef } from 'react';
import type { Company, FieldErrors, NfsCustomer, NfsEmissionType, NfsNoNifReason } from '@domain';
import {
  NFS_NO_NIF_REASONS,
  NFS_NO_NIF_REASON_LABEL,
  NfsRequestSchema,
  NfsScheduleSchema,
  foreignCountries,
  formatCnaeCode,
  hasAnyAddressField,
  knownCustomerMatch,
  normalizeCnpj,
  onlyDigits,
} from '@domain';
import { invoiceQueries } from '@/features/invoices/api';
import { fiscalProfileQueries } from '@/features/invoices/nfse-api';
import { ServiceOptions } from '@/features/invoices/components/ServiceOptions';
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
import { AddressFields } from '@/components/AddressFields';

import type { ForeignAddressValue, InvoiceFormValues } from './invoice-values';
import { customerValues, nationalAddressError, takerAddressBody } from './invoice-values';

export type { InvoiceFormValues };

/** The body the API takes: the value in reais (docs/rules.md `totalValue`), blanks left out. */
export function invoiceBody(values: InvoiceFormValues, mode: 'request' | 'schedule') {
  return {
    emissionType: values.emissionType,
    ...(values.emissionType === 'cnpj'
      ? { cnpj: values.cnpj || undefined }
      : values.emissionType === 'cpf'
        ? { cpf: values.cpf || undefined }
        : { nif: values.nif.trim() || undefined, noNifReason: values.nif.trim() ? undefined : values.noNifReason || undefined }),
    customerAddress: takerAddressBody(values),
    totalValue: values.totalCents === undefined ? undefined : values.totalCents / 100,
    customerName: values.customerName,
    customerEmail: values.customerEmail || undefined,
    description: values.description,
    activity: values.activity || undefined,
    serviceItem: values.serviceItem || undefined,
    serviceCode: values.serviceCode || undefined,
    // Abroad the box is hidden: a tick left from another kind of tomador is not sent.
    issWithheld: values.emissionType !== 'foreign' && values.issWithheld,
    ...(mode === 'request'
      ? { competence: values.competence }
      : { dayOfMonth: values.dayOfMonth, active: values.active, autoEmit: values.autoEmit }),
  };
}

/**
 * The tomadores the company invoiced before whose document starts as typed, once the document is complete; abroad,
 * by the name (or the NIF while no name is typed).
 */
function useKnownCustomers(companyId: string, emissionType: NfsEmissionType, document: string, name: string) {
  let query: string;
  let ready: boolean;
  if (emissionType === 'foreign') {
    query = name.trim().length >= 3 ? name.trim() : document.trim();
    ready = query.length >= 3;
  } else {
    query = emissionType === 'cnpj' ? normalizeCnpj(document) : onlyDigits(document);
    ready = query.length === (emissionType === 'cnpj' ? 14 : 11);
  }
  const { data } = useQuery({ ...invoiceQueries.customers(companyId, query), enabled: ready });
  return ready ? data : undefined;
}

const COUNTRIES = foreignCountries();

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
  // The value is typed in centavos and sent in reais: the schema's message for it is `totalValue`'s.
  const form = useSchemaForm(mode === 'request' ? NfsRequestSchema : NfsScheduleSchema, initial, {
    errorKeys: { totalCents: 'totalValue' },
  });
  const { values, set } = form;
  const errors = { ...form.errors, ...serverErrors };
  const foreign = values.emissionType === 'foreign';
  const tomadorDocument = { cnpj: values.cnpj, cpf: values.cpf, foreign: values.nif }[values.emissionType];
  const known = knownCustomerMatch(useKnownCustomers(company.id, values.emissionType, tomadorDocument, values.customerName), {
    emissionType: values.emissionType,
    document: tomadorDocument,
    name: values.customerName,
  });
  const activities = company.mainActivity ? [company.mainActivity, ...company.secondaryActivities] : [];
  // The services the company offers (its fiscal profile): chosen here, so the team can emit what was asked.
  const services = useQuery(fiscalProfileQueries.detail(company.id)).data?.profile?.services ?? [];
  const addressTyped = foreign ? hasAnyAddressField(values.foreignAddress) : takerAddressBody(values) !== undefined;
  const addressRequired = foreign || values.issWithheld || addressTyped;

  /** A field of the address changed: its messages go, as a field's own do. */
  function clearAddressErrors() {
    form.setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith('customerAddress.'))),
    );
  }
  function setForeign(field: keyof ForeignAddressValue, value: string) {
    set('foreignAddress')({ ...values.foreignAddress, [field]: value });
    clearAddressErrors();
  } /** A foreign-address field's wiring: its value, its change, its error. */
  const foreignField = (field: keyof ForeignAddressValue) => ({
    value: values.foreignAddress[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForeign(field, e.target.value),
    error: errors[`customerAddress.${field}`],
  });

  // One tomador's data, together: never a name typed here beside another tomador's e-mail or address.
  function takeCustomer(customer: NfsCustomer, only?: 'address') {
    const filled = customerValues(customer);
    for (const [field, value] of Object.entries(filled) as [keyof InvoiceFormValues, never][]) {
      if (only === 'address' && field !== 'address' && field !== 'foreignAddress' && field !== 'noNifReason') continue;
      set(field)(value);
    }
  }

  // A tomador invoiced before fills in by itself when no name was typed yet (spec: saved customers are offered again),
  // and its address when the name typed is its own and no address was typed. Once per tomador: what is erased
  // afterwards is the person's to type.
  const toFill = known?.kind === 'fill' || (known?.kind === 'same' && !addressTyped) ? known : undefined;
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!toFill) return;
    const key = `${toFill.customer.emissionType}:${toFill.customer.document}:${toFill.customer.name}`;
    if (filledFor.current === key) return;
    filledFor.current = key;
    takeCustomer(toFill.customer, toFill.kind === 'same' ? 'address' : undefined);
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
        columns={3}
        error={errors.emissionType}
        options={[
          { value: 'cnpj', title: 'Empresa (CNPJ)' },
          { value: 'cpf', title: 'Pessoa (CPF)' },
          { value: 'foreign', title: 'Exterior', description: 'Tomador no exterior' },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {foreign ? (
          <TextField
            label="NIF do tomador (opcional)"
            value={values.nif}
            onChange={(e) => set('nif')(e.target.value)}
            error={errors.nif}
            autoComplete="off"
            hint="O número de identificação fiscal no país dele."
          />
        ) : values.emissionType === 'cnpj' ? (
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
                Este {{ cnpj: 'CNPJ', cpf: 'CPF', foreign: 'NIF' }[values.emissionType]} é de{' '}
                {/* Typed names inside our sentence: <bdi> keeps a direction override in them from turning it around. */}
                <strong>
                  <bdi>{known.customer.name}</bdi>
                </strong>
                , para quem você já pediu notas, e não de “<bdi>{values.customerName.trim()}</bdi>”. Confira o nome antes de
                enviar.
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
        {foreign && !values.nif.trim() && (
          <SelectField
            label="Sem NIF: por quê?"
            value={values.noNifReason}
            onChange={(e) => set('noNifReason')(e.target.value as NfsNoNifReason | '')}
            error={errors.noNifReason}
          >
            <option value="">Escolha</option>
            {NFS_NO_NIF_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {NFS_NO_NIF_REASON_LABEL[reason]}
              </option>
            ))}
          </SelectField>
        )}
        <MoneyField
          label="Valor do serviço (R$)"
          cents={values.totalCents}
          onCentsChange={set('totalCents')}
          error={errors.totalValue}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">
          Endereço do tomador{addressRequired ? '' : ' (opcional)'}
        </legend>
        {!foreign && (
          <p className="text-xs text-slate-500">
            {values.issWithheld
              ? 'Com o ISS retido pelo tomador, o endereço dele é obrigatório na nota.'
              : 'Preencha para que saia na nota. É obrigatório quando o tomador retém o ISS.'}
          </p>
        )}
        {foreign ? (
          <div className="grid gap-4 sm:grid-cols-6">
            <SelectField className="sm:col-span-3" label="País" autoComplete="country" {...foreignField('countryCode')}>
              <option value="">Escolha</option>
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </SelectField>
            <TextField
              className="sm:col-span-3"
              label="Código postal"
              autoComplete="postal-code"
              {...foreignField('postalCode')}
            />
            <TextField className="sm:col-span-3" label="Cidade" autoComplete="address-level2" {...foreignField('city')} />
            <TextField
              className="sm:col-span-3"
              label="Estado, província ou região"
              autoComplete="address-level1"
              {...foreignField('region')}
            />
            <TextField className="sm:col-span-4" label="Logradouro" autoComplete="address-line1" {...foreignField('street')} />
            <TextField className="sm:col-span-2" label="Número" {...foreignField('number')} hint="Sem número? Escreva S/N." />
            <TextField
              className="sm:col-span-4"
              label="Complemento (opcional)"
              autoComplete="address-line2"
              {...foreignField('complement')}
            />
            <TextField className="sm:col-span-2" label="Bairro ou distrito" {...foreignField('district')} />
          </div>
        ) : (
          <AddressFields
            cityFromCep
            prefix="customerAddress"
            value={values.address}
            onChange={(address) => {
              set('address')(address);
              clearAddressErrors();
            }}
            error={(path) => nationalAddressError(errors, path)}
          />
        )}
      </fieldset>
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
        {services.length > 1 && (
          <SelectField
            label="Serviço prestado"
            value={values.serviceCode}
            onChange={(e) => set('serviceCode')(e.target.value)}
            error={errors.serviceCode}
            hint="Os serviços que a empresa presta, como estão no cadastro fiscal."
          >
            <ServiceOptions services={services} />
          </SelectField>
        )}
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
      {!foreign && (
        <CheckboxField
          label="O tomador retém o ISS"
          checked={values.issWithheld}
          onChange={set('issWithheld')}
          error={errors.issWithheld}
        />
      )}
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
