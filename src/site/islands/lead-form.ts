import { MaskInput } from 'maska';
import { LEAD_PHONE_MASK } from '../../lib/masks';
import { SiteApiError, apiRequest } from '../env';

const FIELDS = ['name', 'email', 'phone', 'planId'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The contact form (docs/api.md `POST /leads`), checked here with the same schema as the server so the messages are
 * docs/rules.md's ("E-mail inválido", "Celular inválido"); nothing typed is lost on an error.
 */
export function mount(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  const input = (name: Field) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  const errorOf = (name: Field) => form.querySelector<HTMLElement>(`[data-error-for="${name}"]`)!;
  const formError = form.querySelector<HTMLElement>('[data-form-error]')!;
  const success = form.querySelector<HTMLElement>('[data-success]')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  new MaskInput(input('phone') as HTMLInputElement, { mask: LEAD_PHONE_MASK });
  // The checks come when someone reaches the form, not with the page: most visitors only read it.
  let checks: Promise<typeof import('./lead-checks')> | undefined;
  const loadChecks = () => {
    checks ??= import('./lead-checks').catch((error: unknown) => {
      checks = undefined;
      throw error;
    });
    return checks;
  };
  form.addEventListener('focusin', () => void loadChecks().catch(() => undefined), { once: true });

  function showErrors(errors: Partial<Record<Field, string>>) {
    for (const name of FIELDS) {
      const message = errors[name];
      errorOf(name).textContent = message ?? '';
      errorOf(name).hidden = !message;
      input(name).setAttribute('aria-invalid', message ? 'true' : 'false');
    }
    const first = FIELDS.find((name) => errors[name]);
    if (first) input(first).focus();
  }

  // A field corrected is cleared of its message as the person types.
  for (const name of FIELDS) {
    input(name).addEventListener('input', () => {
      errorOf(name).hidden = true;
      input(name).setAttribute('aria-invalid', 'false');
    });
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    formError.hidden = true;
    success.hidden = true;
    const values = {
      name: input('name').value,
      email: input('email').value,
      phone: input('phone').value,
      planId: input('planId').value || undefined,
      source: form.dataset.source,
    };
    // Busy from here: the checks may still be on their way, and a second click must not send the contact twice.
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    try {
      const errors = (await loadChecks()).leadFieldErrors(values);
      if (errors) {
        showErrors(Object.fromEntries(FIELDS.map((name) => [name, errors[name] || undefined])));
        return;
      }
      showErrors({});
      await apiRequest('POST /leads', { body: values });
      form.reset();
      success.hidden = false;
      success.focus();
    } catch (error) {
      if (error instanceof SiteApiError && Object.keys(error.fields).length > 0) showErrors(error.fields);
      else {
        formError.textContent =
          error instanceof SiteApiError
            ? error.message
            : 'Não foi possível enviar agora. Verifique sua conexão e tente novamente.';
        formError.hidden = false;
      }
    } finally {
      submit.disabled = false;
      submit.removeAttribute('aria-busy');
    }
  });
}
