import { PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { MaritalStatus, PropertyRegime } from '@domain';
import {
  MARITAL_STATUSES,
  MARITAL_STATUS_LABEL,
  PROPERTY_REGIMES,
  PROPERTY_REGIME_LABEL,
  SHARE_TOLERANCE,
  stepPayload,
} from '@domain';
import { Button } from '@/components/ui/Button';
import { DateField } from '@/components/ui/DateField';
import { TextField } from '@/components/ui/TextField';
import type { AddressValue } from '@/components/AddressFields';
import { AddressFields } from '@/components/AddressFields';
import { StepCard } from '../StepCard';
import { CheckboxField } from '@/components/ui/choices';
import { SelectField } from '@/components/ui/SelectField';
import { useStepForm, useWizardContext } from '../wizard-context';
import { PartnerContact, PartnerIdentity, useFirstPartnerContact } from './PartnerFields';

interface PartnerValue {
  name: string;
  cpf: string;
  birthDate: string;
  maritalStatus: MaritalStatus | '';
  propertyRegime?: PropertyRegime | '';
  share: string;
  email: string;
  phone: string;
  address?: AddressValue;
  sameAddressAsCompany?: boolean;
}

const emptyPartner = (share = '', contact = { name: '', email: '', phone: '' }): PartnerValue => ({
  ...contact,
  cpf: '',
  birthDate: '',
  maritalStatus: '',
  share,
});

function total(partners: PartnerValue[]): number {
  return partners.reduce((sum, p) => sum + (Number(String(p.share).replace(',', '.')) || 0), 0);
}

/** The partners of an opening: who they are, their share of the capital, where they live. */
export function Partners() {
  const companyAddress = useWizardContext((c) => stepPayload(c.track, 'create-company', 'pre-registration')?.address);
  const companyType = useWizardContext((c) => stepPayload(c.track, 'create-company', 'pre-registration')?.type);
  const single = companyType !== 'limited_liability';
  // The person filling the wizard is usually the first partner.
  const firstPartner = useFirstPartnerContact();
  // Most first partners (an MEI above all) live where the company is registered: the box starts ticked for them.
  const first = emptyPartner(single ? '100' : '', firstPartner);
  const defaults: { partners: PartnerValue[] } = {
    partners: [companyAddress ? { ...first, sameAddressAsCompany: true, address: companyAddress } : first],
  };
  const { values, set, replace, error } = useStepForm('partner-registration', defaults);
  const partners = values.partners;
  const sum = total(partners);

  return (
    <StepCard
      title="Sócios"
      description={
        single
          ? 'Quem é o titular da empresa. Empresário individual, MEI e SLU têm uma única pessoa, com 100% do capital.'
          : 'Quem são os sócios e quanto do capital social cada um terá. Uma LTDA precisa de pelo menos dois sócios.'
      }
    >
      {error('partners') && <p className="text-sm font-medium text-red-600">{error('partners')}</p>}
      {partners.map((partner, i) => {
        const at = (field: string) => `partners.${i}.${field}`;
        return (
          <fieldset key={i} className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">{single ? 'Titular' : `Sócio ${i + 1}`}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <PartnerIdentity partner={partner} at={at} set={set} error={error} />
              <DateField
                label="Data de nascimento"
                value={partner.birthDate}
                onValueChange={(date) => set(at('birthDate'), date)}
                error={error(at('birthDate'))}
              />
              <SelectField
                label="Estado civil"
                value={partner.maritalStatus}
                onChange={(e) => set(at('maritalStatus'), e.target.value)}
                error={error(at('maritalStatus'))}
              >
                <option value="">Escolha</option>
                {MARITAL_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {MARITAL_STATUS_LABEL[status]}
                  </option>
                ))}
              </SelectField>
              {partner.maritalStatus === 'married' && (
                <SelectField
                  label="Regime de bens"
                  value={partner.propertyRegime ?? ''}
                  onChange={(e) => set(at('propertyRegime'), e.target.value)}
                  error={error(at('propertyRegime'))}
                >
                  <option value="">Escolha</option>
                  {PROPERTY_REGIMES.map((regime) => (
                    <option key={regime} value={regime}>
                      {PROPERTY_REGIME_LABEL[regime]}
                    </option>
                  ))}
                </SelectField>
              )}
              <TextField
                label="Participação no capital (%)"
                inputMode="decimal"
                value={partner.share}
                onChange={(e) => set(at('share'), e.target.value)}
                error={error(at('share'))}
                readOnly={single}
              />
              <PartnerContact partner={partner} at={at} set={set} error={error} />
            </div>
            <div className="mt-4 space-y-3">
              <p className="text-sm font-medium text-slate-700">Endereço residencial</p>
              {companyAddress && (
                <CheckboxField
                  label="É o mesmo endereço da empresa"
                  checked={Boolean(partner.sameAddressAsCompany)}
                  onChange={(checked) =>
                    replace({
                      partners: partners.map((p, j) =>
                        j === i
                          ? {
                              ...p,
                              sameAddressAsCompany: checked,
                              // Unticked, the copy of the company's address goes: this partner lives elsewhere.
                              address: checked ? companyAddress : p.sameAddressAsCompany ? undefined : p.address,
                            }
                          : p,
                      ),
                    })
                  }
                />
              )}
              {!partner.sameAddressAsCompany && (
                <AddressFields
                  prefix={at('address')}
                  value={partner.address}
                  onChange={(address) => set(at('address'), address)}
                  error={error}
                />
              )}
            </div>
            {!single && partners.length > 1 && (
              <div className="mt-4 flex justify-end">
                <Button variant="ghost" onClick={() => replace({ partners: partners.filter((_, j) => j !== i) })}>
                  <TrashIcon className="size-4" aria-hidden="true" /> Remover sócio
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
      {!single && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="secondary" onClick={() => replace({ partners: [...partners, emptyPartner()] })}>
            <PlusIcon className="size-4" aria-hidden="true" /> Adicionar sócio
          </Button>
          <p
            className={`text-sm font-medium ${Math.abs(sum - 100) <= SHARE_TOLERANCE ? 'text-emerald-700' : 'text-amber-700'}`}
            aria-live="polite"
          >
            Total das participações: {sum.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%
          </p>
        </div>
      )}
    </StepCard>
  );
}
