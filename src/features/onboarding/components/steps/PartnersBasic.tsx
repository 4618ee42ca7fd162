import { PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import { Button } from '@/components/ui/Button';
import { StepCard } from '../StepCard';
import { useStepForm } from '../wizard-context';
import { PartnerContact, PartnerIdentity, useFirstPartnerContact } from './PartnerFields';

interface BasicPartner {
  name: string;
  cpf: string;
  email: string;
  phone: string;
}

const emptyPartner = (): BasicPartner => ({ name: '', cpf: '', email: '', phone: '' });

/** The partners of a company changing accountant: who they are and how to reach them. */
export function PartnersBasic() {
  // The person changing accountant is usually the first partner.
  const firstPartner = useFirstPartnerContact();
  const defaults: { partners: BasicPartner[] } = {
    partners: [{ ...emptyPartner(), ...firstPartner }],
  };
  const { values, set, replace, error } = useStepForm('partner-registration-basic', defaults);
  return (
    <StepCard title="Sócios" description="Quem são os sócios (ou o titular) da empresa. Os demais dados vêm da Receita Federal.">
      {error('partners') && <p className="text-sm font-medium text-red-600">{error('partners')}</p>}
      {values.partners.map((partner, i) => {
        const at = (field: string) => `partners.${i}.${field}`;
        return (
          <fieldset key={i} className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">Sócio {i + 1}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <PartnerIdentity partner={partner} at={at} set={set} error={error} />
              <PartnerContact partner={partner} at={at} set={set} error={error} />
            </div>
            {values.partners.length > 1 && (
              <div className="mt-3 flex justify-end">
                <Button variant="ghost" onClick={() => replace({ partners: values.partners.filter((_, j) => j !== i) })}>
                  <TrashIcon className="size-4" aria-hidden="true" /> Remover
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
      <Button variant="secondary" onClick={() => replace({ partners: [...values.partners, emptyPartner()] })}>
        <PlusIcon className="size-4" aria-hidden="true" /> Adicionar sócio
      </Button>
    </StepCard>
  );
}
