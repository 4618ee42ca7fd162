import type { AddressDraft } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { UFS, onlyDigits } from '@domain';
import { lookupCep, municipalitiesQuery } from '@/lib/api/cep';
import { Spinner } from '@/components/ui/Spinner';
import { CEP_MASK } from '@/lib/masks';
import { MaskedField } from '@/components/ui/MaskedField';
import { TextField } from '@/components/ui/TextField';
import { SelectField } from '@/components/ui/SelectField';

/** The address as the form holds it (`AddressDraft` in domain/); with `cityFromCep`, the city's IBGE code too. */
export type AddressValue = AddressDraft & { cityIbgeCode?: string };

/**
 * An address with its CEP: a complete CEP fills street, district, city and state from the postal service; when the
 * lookup finds nothing (or fails) the fields stay for typing.
 */
export function AddressFields({
  value,
  onChange,
  error,
  prefix,
  cityFromCep = false,
}: {
  value: AddressValue | undefined;
  onChange: (value: AddressValue) => void;
  error: (path: string) => string | undefined;
  /** The address's path in the form, for its messages ("address", "partners.0.address"). */
  prefix: string;
  /**
   * The city is the CEP's, by its IBGE code (an NFS-e's tomador): shown, not typed, and cleared when the CEP
   * changes. When the CEP cannot be looked up (unknown, or the service down) the city is chosen from the state's
   * IBGE municipalities instead.
   */
  cityFromCep?: boolean;
}) {
  const address = value ?? {};
  // The address as it is now: the lookup's answer lands on what was typed while it travelled.
  const latest = useRef(address);
  latest.current = address;
  const [looking, setLooking] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const set = (field: keyof AddressValue, fieldValue: string) => onChange({ ...address, [field]: fieldValue });
  // The CEP gave no city: the person picks the state, then the city, by its IBGE code.
  const choosingCity = cityFromCep && notFound;
  const cities = useQuery({ ...municipalitiesQuery(address.state ?? ''), enabled: choosingCity && !!address.state });

  async function onZipCode(zipCode: string) {
    // The same digits masked (a CEP that came filled in, shown as 30130-010): no new CEP, nothing to look up or clear.
    // Looking it up again would overwrite the address it came with, and its answer, landing after "Continuar", would
    // wipe the problems just shown.
    if (onlyDigits(zipCode) === onlyDigits(address.zipCode ?? '')) {
      if (zipCode !== address.zipCode) onChange({ ...address, zipCode });
      return;
    }
    const next = cityFromCep ? { ...address, zipCode, city: '', state: '' as const, cityIbgeCode: '' } : { ...address, zipCode };
    onChange(next);
    setNotFound(false);
    if (onlyDigits(zipCode).length !== 8) return;
    setLooking(true);
    const found = await lookupCep(zipCode);
    setLooking(false);
    const now = latest.current;
    // Another CEP typed meanwhile: this answer is not for it.
    if (now.zipCode !== zipCode) return;
    if (!found || (cityFromCep && !found.cityIbgeCode)) return setNotFound(true);
    // A field typed while the answer travelled keeps what was typed; the others take the answer.
    const typed = (field: keyof AddressValue) => now[field] !== next[field];
    onChange({
      ...now,
      street: typed('street') ? now.street : found.street || now.street,
      neighborhood: typed('neighborhood') ? now.neighborhood : found.neighborhood || now.neighborhood,
      city: typed('city') ? now.city : found.city,
      state: typed('state') ? now.state : found.state,
      ...(cityFromCep ? { city: found.city, state: found.state, cityIbgeCode: found.cityIbgeCode } : {}),
    });
  }

  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <div className="sm:col-span-2">
        <MaskedField
          label="CEP"
          inputMode="numeric"
          autoComplete="postal-code"
          mask={CEP_MASK}
          value={address.zipCode ?? ''}
          onValueChange={onZipCode}
          error={error(`${prefix}.zipCode`)}
          hint={
            looking ? (
              <Spinner className="size-3" label="Buscando endereço…" />
            ) : notFound ? (
              cityFromCep ? (
                'CEP não encontrado: confira o número ou escolha a UF e a cidade.'
              ) : (
                'CEP não encontrado: preencha o endereço.'
              )
            ) : undefined
          }
        />
      </div>
      <TextField
        className="sm:col-span-4"
        label="Logradouro"
        autoComplete="address-line1"
        value={address.street ?? ''}
        onChange={(e) => set('street', e.target.value)}
        error={error(`${prefix}.street`)}
      />
      <TextField
        className="sm:col-span-2"
        label="Número"
        value={address.number ?? ''}
        onChange={(e) => set('number', e.target.value)}
        error={error(`${prefix}.number`)}
        hint="Sem número? Escreva S/N."
      />
      <TextField
        className="sm:col-span-4"
        label="Complemento (opcional)"
        autoComplete="address-line2"
        value={address.complement ?? ''}
        onChange={(e) => set('complement', e.target.value)}
        error={error(`${prefix}.complement`)}
      />
      <TextField
        className="sm:col-span-2"
        label="Bairro"
        value={address.neighborhood ?? ''}
        onChange={(e) => set('neighborhood', e.target.value)}
        error={error(`${prefix}.neighborhood`)}
      />
      {choosingCity ? (
        <>
          <UfField
            value={address.state ?? ''}
            onChange={(state) => onChange({ ...address, state: state as AddressValue['state'], city: '', cityIbgeCode: '' })}
            error={error(`${prefix}.state`)}
          />
          <SelectField
            className="sm:col-span-3"
            label="Cidade"
            value={address.cityIbgeCode ?? ''}
            disabled={!address.state || cities.isPending}
            onChange={(e) => {
              const city = cities.data?.find((m) => m.ibgeCode === e.target.value);
              onChange({ ...address, city: city?.name ?? '', cityIbgeCode: city?.ibgeCode ?? '' });
            }}
            error={
              error(`${prefix}.city`) ?? (cities.isError ? 'Não foi possível carregar as cidades. Tente de novo.' : undefined)
            }
          >
            <option value="">{address.state ? (cities.isPending ? 'Carregando…' : 'Escolha a cidade') : 'Escolha a UF'}</option>
            {cities.data?.map((m) => (
              <option key={m.ibgeCode} value={m.ibgeCode}>
                {m.name}
              </option>
            ))}
          </SelectField>
        </>
      ) : cityFromCep ? (
        <TextField
          className="sm:col-span-4"
          label="Cidade"
          readOnly
          value={address.city ? `${address.city}/${address.state}` : ''}
          error={error(`${prefix}.city`)}
          hint="Vem do CEP."
        />
      ) : (
        <TextField
          className="sm:col-span-3"
          label="Cidade"
          autoComplete="address-level2"
          value={address.city ?? ''}
          onChange={(e) => set('city', e.target.value)}
          error={error(`${prefix}.city`)}
        />
      )}
      {!cityFromCep && (
        <UfField value={address.state ?? ''} onChange={(state) => set('state', state)} error={error(`${prefix}.state`)} />
      )}
    </div>
  );
}

/** The state, by its two letters. */
function UfField({ value, onChange, error }: { value: string; onChange: (state: string) => void; error?: string }) {
  return (
    <SelectField className="sm:col-span-1" label="UF" value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      <option value="">—</option>
      {UFS.map((uf) => (
        <option key={uf} value={uf}>
          {uf}
        </option>
      ))}
    </SelectField>
  );
}
