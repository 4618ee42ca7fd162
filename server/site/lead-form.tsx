import { PLANS, formatMoney } from '@domain';
import { buttonClass } from './ui';

const field =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600 aria-[invalid=true]:border-red-500';

function Field({ name, label, children, hint }: { name: string; label: string; children: React.ReactNode; hint?: string }) {
  return (
    <div>
      <label htmlFor={`lead-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`lead-${name}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <p id={`lead-${name}-error`} className="mt-1 text-sm text-red-700" data-error-for={name} hidden />
    </div>
  );
}

/**
 * The contact form (docs/api.md `POST /leads`). Rendered here, sent by `src/site/islands/lead-form.ts` with the domain's
 * `LeadSchema`, so its messages (docs/rules.md) are the same in the browser and on the server.
 */
export function LeadForm({
  source,
  title = 'Fale com um contador',
  planId,
}: {
  source: string;
  title?: string;
  planId?: string;
}) {
  return (
    <form
      data-island="lead-form"
      data-source={source}
      noValidate
      aria-labelledby="lead-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="lead-title" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">Deixe seu contato: respondemos em até um dia útil, sem compromisso.</p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <Field name="name" label="Nome">
          <input id="lead-name" name="name" autoComplete="name" className={field} aria-describedby="lead-name-error" />
        </Field>
        <Field name="email" label="E-mail">
          <input
            id="lead-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            className={field}
            aria-describedby="lead-email-error"
          />
        </Field>
        <Field name="phone" label="Celular (opcional)">
          <input
            id="lead-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="numeric"
            placeholder="+55 (11) 91234-5678"
            className={field}
            aria-describedby="lead-phone-error"
          />
        </Field>
        <Field name="planId" label="Plano de interesse">
          <select
            id="lead-planId"
            name="planId"
            defaultValue={planId ?? ''}
            className={field}
            aria-describedby="lead-planId-error"
          >
            <option value="">Ainda não sei</option>
            {PLANS.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name} — {formatMoney(plan.priceCents)}/mês
              </option>
            ))}
          </select>
        </Field>
      </div>
      <p data-form-error className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert" hidden />
      <button type="submit" className={buttonClass('primary', 'mt-5 w-full px-6 py-3 text-base sm:w-auto')}>
        Quero ser contatado
      </button>
      <div data-success role="status" className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-brand-900" hidden tabIndex={-1}>
        <p className="font-semibold">Recebemos seu contato!</p>
        <p className="text-sm">Um contador da nossa equipe vai falar com você em até um dia útil.</p>
      </div>
    </form>
  );
}
