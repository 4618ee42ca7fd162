import type { HandoverDelivery, HandoverItem } from '@domain';
import {
  HANDOVER_DELIVERIES,
  HANDOVER_DELIVERY_LABEL,
  HANDOVER_DOCUMENT_TYPE,
  HANDOVER_ITEMS,
  HANDOVER_ITEM_LABEL,
  stepPayload,
} from '@domain';
import { PhoneField } from '@/components/ui/MaskedField';
import { MonthField } from '@/components/ui/DateField';
import { TextField } from '@/components/ui/TextField';
import { FileUpload } from '../FileUpload';
import { StepCard } from '../StepCard';
import { ChoiceCards } from '@/components/ui/choices';
import { SelectField } from '@/components/ui/SelectField';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { useStepForm, useWizardContext } from '../wizard-context';

interface ItemValue {
  documentId?: string;
  fileName?: string;
  delivery?: HandoverDelivery;
}

interface Values {
  certificateKind?: 'A1' | 'A3' | 'none';
  lastResponsibleMonth: string;
  items: Record<HandoverItem, ItemValue>;
  previousAccountant: { name: string; email: string; phone: string };
  notes: string;
}

/** What the previous accountant hands over: each item uploaded, or how it will be delivered. */
export function MigrateAccountant() {
  const companyId = useWizardContext((c) => c.company!.id);
  const accountant = useWizardContext((c) => stepPayload(c.track, 'migrate-company', 'pre-registration')?.currentAccountant);
  const defaults: Values = {
    lastResponsibleMonth: '',
    items: Object.fromEntries(HANDOVER_ITEMS.map((item) => [item, {}])) as Values['items'],
    previousAccountant: { name: accountant?.name ?? '', email: accountant?.email ?? '', phone: accountant?.phone ?? '' },
    notes: '',
  };
  const { values, set, error } = useStepForm('migrate-accountant', defaults);

  return (
    <StepCard
      title="Transferência do contador"
      description="Para assumirmos a contabilidade precisamos destes documentos. Envie o que já tem; para o resto, diga como será entregue."
      submitLabel="Concluir"
    >
      <ChoiceCards
        legend="Certificado digital da empresa"
        name="certificateKind"
        value={values.certificateKind}
        onChange={(kind) => set('certificateKind', kind)}
        error={error('certificateKind')}
        options={[
          { value: 'A1', title: 'A1 (arquivo .pfx)', description: 'Fica no computador; envie o arquivo abaixo.' },
          { value: 'A3', title: 'A3 (token ou cartão)', description: 'Combinamos a entrega ou o uso remoto.' },
          { value: 'none', title: 'Não tenho', description: 'Nós ajudamos a emitir um.' },
        ]}
      />
      <MonthField
        label="Última competência sob responsabilidade do contador anterior"
        value={values.lastResponsibleMonth}
        onValueChange={(month) => set('lastResponsibleMonth', month)}
        error={error('lastResponsibleMonth')}
        hint="O mês que consta no distrato. Nós assumimos a partir do mês seguinte."
      />
      <div className="space-y-5">
        {HANDOVER_ITEMS.map((item) => {
          const value = values.items[item] ?? {};
          return (
            <fieldset key={item} className="rounded-xl border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">{HANDOVER_ITEM_LABEL[item].title}</legend>
              <p className="text-xs text-slate-600">{HANDOVER_ITEM_LABEL[item].help}</p>
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                {item !== 'city-portal-access' && (
                  <FileUpload
                    label="Arquivo"
                    companyId={companyId}
                    type={HANDOVER_DOCUMENT_TYPE[item]}
                    stepId="migrate-accountant"
                    value={value.documentId ? { documentId: value.documentId, fileName: value.fileName } : undefined}
                    onUploaded={(document) =>
                      set(`items.${item}`, { ...value, documentId: document.id, fileName: document.name })
                    }
                  />
                )}
                <SelectField
                  label={item === 'city-portal-access' ? 'Como vamos receber o acesso' : 'Ou diga como será entregue'}
                  value={value.delivery ?? ''}
                  onChange={(e) =>
                    set(`items.${item}`, { ...value, delivery: (e.target.value || undefined) as HandoverDelivery | undefined })
                  }
                  error={error(`items.${item}`)}
                >
                  <option value="">{value.documentId ? 'Arquivo enviado' : 'Escolha'}</option>
                  {HANDOVER_DELIVERIES.map((delivery) => (
                    <option key={delivery} value={delivery}>
                      {HANDOVER_DELIVERY_LABEL[delivery]}
                    </option>
                  ))}
                </SelectField>
              </div>
            </fieldset>
          );
        })}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Contato do contador anterior</legend>
        <TextField
          className="sm:col-span-2"
          label="Nome"
          value={values.previousAccountant.name}
          onChange={(e) => set('previousAccountant.name', e.target.value)}
          error={error('previousAccountant.name')}
        />
        <TextField
          label="E-mail (opcional)"
          type="email"
          value={values.previousAccountant.email}
          onChange={(e) => set('previousAccountant.email', e.target.value)}
          error={error('previousAccountant.email')}
        />
        <PhoneField
          label="Telefone (opcional)"
          value={values.previousAccountant.phone}
          onValueChange={(v) => set('previousAccountant.phone', v)}
          error={error('previousAccountant.phone')}
        />
      </fieldset>
      <TextAreaField
        label="Observações (opcional)"
        value={values.notes}
        onChange={(e) => set('notes', e.target.value)}
        error={error('notes')}
      />
    </StepCard>
  );
}
