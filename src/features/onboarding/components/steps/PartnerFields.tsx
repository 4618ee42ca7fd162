import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { firstPartnerContact } from '@domain';
import { userQueries } from '@/features/users/api';
import { MaskedField, PhoneField } from '@/components/ui/MaskedField';
import { TextField } from '@/components/ui/TextField';
import { CPF_MASK } from '@/lib/masks';
import { useSessionActor } from '@/lib/session-handle';

/**
 * The first partner's name, e-mail and mobile, from the person filling the wizard (usually that partner): the phone
 * given at signup lives in their profile, which arrives a moment after the session.
 */
export function useFirstPartnerContact() {
  const user = useSelector(useSessionActor(), (s) => s.context.user);
  const { data: profile } = useQuery({ ...userQueries.detail(user?.uid ?? ''), enabled: !!user?.uid });
  return firstPartnerContact({
    name: user?.displayName ?? profile?.name,
    email: user?.email ?? profile?.email,
    phone: profile?.phone,
  });
}

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
      <PhoneField
        label="Celular"
        autoComplete="tel-national"
        placeholder="(11) 98765-4321"
        mobileOnly
        value={partner.phone}
        onValueChange={(v) => set(at('phone'), v)}
        error={error(at('phone'))}
      />
    </>
  );
}
