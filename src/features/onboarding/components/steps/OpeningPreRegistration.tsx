import { useQueries, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActivityChoice } from '@domain';
import { COMPANY_TYPE_LABEL, chosenActivities, formatCnaeCode, formatMoney } from '@domain';
import { onboardingQueries } from '../../api';
import { TextField } from '@/components/ui/TextField';
import { useSessionActor } from '@/lib/session-handle';
import { ActivityPicker } from '../ActivityPicker';
import type { AddressValue } from '@/components/AddressFields';
import { AddressFields } from '@/components/AddressFields';
import { StepCard } from '../StepCard';
import { ChoiceCards } from '@/components/ui/choices';
import { useStepForm, useWizard } from '../wizard-context';

interface Values {
  intent: string;
  size?: 'MEI' | 'ME' | 'EPP';
  type?: 'on_person' | 'private_limited' | 'limited_liability';
  mainActivity?: string;
  secondaryActivities: string[];
  activities: ActivityChoice[];
  alias: string;
  name: string;
  address?: AddressValue;
}

const DEFAULTS: Values = { intent: '', secondaryActivities: [], activities: [], alias: '', name: '' };

/**
 * The activities the step holds, with their details: a step read back from the server (after a reload, or opened
 * again from the step list) has only the codes, so their details are fetched and kept in the draft — the MEI rule
 * needs them too. Until they arrive each shows its code.
 */
function useChosenActivities(values: Values, replace: (next: Values) => void): ActivityChoice[] {
  const wizard = useWizard();
  const { missing } = chosenActivities(values);
  const fetched = useQueries({ queries: missing.map((code) => onboardingQueries.cnaeByCode(code)) });
  const found = fetched.flatMap(({ data }) =>
    data ? [{ code: data.code, formatted: data.formatted, text: data.text, isAllowedMei: data.is_allowed_mei }] : [],
  );
  const foundKey = found.map((activity) => activity.code).join(',');
  useEffect(() => {
    if (!foundKey) return;
    // From the draft as it is now: what was typed while the details travelled stays.
    const now = { ...DEFAULTS, ...(wizard.getSnapshot().context.drafts['pre-registration'] as Partial<Values>) };
    replace({ ...now, activities: chosenActivities(now, found).chosen });
    // `found` is new on every render; its codes say when it changed.
  }, [foundKey]);
  const pending = missing
    .filter((code) => !found.some((activity) => activity.code === code))
    .map((code) => ({ code, formatted: formatCnaeCode(code), text: '', isAllowedMei: true }));
  // Order as the step holds them: the main activity first.
  return chosenActivities(values, [...found, ...pending]).chosen;
}

/** The opening's first step: what the business does, its size and legal nature, its name and where it is. */
export function OpeningPreRegistration() {
  const { values, set, replace, error } = useStepForm('pre-registration', DEFAULTS);
  const ownerName = useSelector(useSessionActor(), (s) => s.context.user?.displayName ?? undefined);
  const chosen = useChosenActivities(values, replace);
  const mainActivity = chosen[0]?.code;
  const aliasIntent = values.intent.trim() || chosen[0]?.text || '';
  const aliases = useQuery({
    ...onboardingQueries.aliasSuggestions(aliasIntent, mainActivity, ownerName),
    enabled: aliasIntent.length >= 2,
  });

  const chooseActivities = (activities: ActivityChoice[]) =>
    replace({
      ...values,
      activities,
      mainActivity: activities[0]?.code,
      secondaryActivities: activities.slice(1).map((a) => a.code),
    });
  const chooseSize = (size: Values['size']) =>
    replace({ ...values, size, ...(size === 'MEI' ? { type: 'on_person' as const } : {}) });

  return (
    <StepCard
      title="Dados da empresa"
      description="Conte o que a empresa vai fazer, o porte e onde ela fica. Leva poucos minutos."
    >
      <ActivityPicker
        intent={values.intent}
        onIntent={(intent) => set('intent', intent)}
        chosen={chosen}
        onChange={chooseActivities}
        mei={values.size === 'MEI'}
        error={error('mainActivity') ?? error('secondaryActivities')}
      />
      <ChoiceCards
        legend="Porte da empresa"
        name="size"
        value={values.size}
        onChange={chooseSize}
        error={error('size')}
        options={[
          { value: 'MEI', title: 'MEI', description: `Faturamento até ${formatMoney(8_100_000)} por ano, até 1 funcionário.` },
          { value: 'ME', title: 'Microempresa (ME)', description: `Faturamento até ${formatMoney(36_000_000)} por ano.` },
          {
            value: 'EPP',
            title: 'Empresa de Pequeno Porte',
            description: `Faturamento até ${formatMoney(480_000_000)} por ano.`,
          },
        ]}
      />
      <ChoiceCards
        legend="Natureza jurídica"
        name="type"
        value={values.type}
        onChange={(type) => set('type', type)}
        error={error('type')}
        options={[
          {
            value: 'on_person',
            title: COMPANY_TYPE_LABEL.on_person,
            description: 'Uma pessoa; o patrimônio pessoal responde pelas dívidas.',
          },
          {
            value: 'private_limited',
            title: COMPANY_TYPE_LABEL.private_limited,
            description: 'Uma pessoa, patrimônio separado do da empresa.',
            disabled: values.size === 'MEI',
          },
          {
            value: 'limited_liability',
            title: COMPANY_TYPE_LABEL.limited_liability,
            description: 'Dois ou mais sócios, cada um responde pela sua parte.',
            disabled: values.size === 'MEI',
          },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <TextField
            label="Nome fantasia"
            value={values.alias}
            onChange={(e) => set('alias', e.target.value)}
            error={error('alias')}
            hint="Como os clientes vão conhecer a empresa."
          />
          {aliases.data && aliases.data.length > 0 && (
            <div className="mt-2 flex flex-wrap gap-2" aria-label="Sugestões de nome">
              {aliases.data.map((alias) => (
                <button
                  key={alias}
                  type="button"
                  onClick={() => set('alias', alias)}
                  className="rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-700 hover:border-brand-600 hover:text-brand-800"
                >
                  {alias}
                </button>
              ))}
            </div>
          )}
        </div>
        <TextField
          label="Razão social desejada (opcional)"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={error('name')}
          hint="Se já tiver um nome em mente; a Junta Comercial confirma a disponibilidade."
        />
      </div>
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-slate-900">Endereço da empresa</legend>
        <AddressFields prefix="address" value={values.address} onChange={(address) => set('address', address)} error={error} />
      </fieldset>
    </StepCard>
  );
}
