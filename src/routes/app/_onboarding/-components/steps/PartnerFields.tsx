import { MaskedField } from '@/components/ui/MaskedField';
import { TextField } from '@/components/ui/TextField';
import { CPF_MASK, PHONE_MASK } from '@/lib/masks';

interface PartnerFieldsProps {
  partner: { name: string; cpf: string; email: string; phone: string };
  /** The path of a field of this partner in the form ("partners.0.cpf"). */
  at: (field: string) => string;
  set: (path: string, value: unknown) => void;
  error: (path: string) => string | undefined;
}

/** Who a partner is: name and CPF. */
export function PartnerIdentity({ partner, at, set, error }: PartnerFieldsProps) {
  return (
    <>
      <TextField
        label="Nome completo"
        autoComplete="name"
        value={partner.name}
        onChange={(e) => set(at('name'), e.target.value)}
        error={error(at('name'))}
      />
      <MaskedField
        label="CPF"
        inputMode="numeric"
        mask={CPF_MASK}
        value={partner.cpf}
        onValueChange={(v) => set(at('cpf'), v)}
        error={error(at('cpf'))}
      />
    </>
  );
}

/** How to reach a partner: e-mail and mobile. */
export function PartnerContact({ partner, at, set, error }: PartnerFieldsProps) {
  return (
    <>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        value={partner.email}
        onChange={(e) => set(at('email'), e.target.value)}
        error={error(at('email'))}
      />
      <MaskedField
        label="Celular"
        type="tel"
        inputMode="numeric"
        mask={PHONE_MASK}
        value={partner.phone}
        onValueChange={(v) => set(at('phone'), v)}
        error={error(at('phone'))}
      />
    </>
  );
}
