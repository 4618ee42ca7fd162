import type { Cnae } from '@domain/cnaeRow';
import { cnaeFromRow } from '@domain/cnaeRow';
import { PAGE_SIZE } from '@domain/constants';
import { cnaePath } from '@domain/site';
import { apiRequest } from '../env';

const DEBOUNCE_MS = 250;

/** Enough to search: two characters, or a digit (codes are typed number by number). */
const searchable = (query: string) => query.length >= 2 || /\d/.test(query);

function resultItem(cnae: Cnae): HTMLLIElement {
  // The same markup as the server's CnaeResult (server/site/pages/cnae.tsx).
  const item = document.createElement('li');
  item.className = 'flex items-start justify-between gap-4 px-5 py-4';
  const link = document.createElement('a');
  link.href = cnaePath(cnae.code, cnae.text);
  link.className = 'group min-w-0';
  const code = document.createElement('span');
  code.className = 'block font-mono text-sm font-semibold text-brand-700';
  code.textContent = cnae.formatted;
  const text = document.createElement('span');
  text.className = 'block text-slate-900 group-hover:underline';
  text.textContent = cnae.text;
  link.append(code, text);
  item.append(link);
  if (cnae.isAllowedMei) {
    const badge = document.createElement('span');
    badge.className = 'shrink-0 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800';
    badge.textContent = 'MEI';
    item.append(badge);
  }
  return item;
}

/**
 * Search as you type over `GET /cnaes?search&limit&offset&isActive` (docs/api.md: `{ total, data }` in snake_case, renamed
 * here), 10 at a time with "Mostrar mais"; the address keeps the search, so a reload or a shared link shows it too.
 */
export function mount(form: HTMLElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const output = document.querySelector<HTMLElement>('[data-cnae-output]')!;
  const status = output.querySelector<HTMLElement>('[data-cnae-status]')!;
  const list = output.querySelector<HTMLUListElement>('#cnae-results')!;
  const pager = output.querySelector<HTMLElement>('[data-cnae-pager]')!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let shown = 0;
  let total = 0;

  const more = document.createElement('button');
  more.type = 'button';
  more.textContent = 'Mostrar mais';
  more.className =
    'mt-4 inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50';

  function showPager() {
    pager.replaceChildren(...(shown < total ? [more] : []));
  }

  async function search(query: string, append: boolean) {
    inFlight?.abort();
    inFlight = new AbortController();
    const offset = append ? shown : 0;
    status.textContent = 'Buscando…';
    try {
      const page = await apiRequest('GET /cnaes', {
        query: { search: query, limit: String(PAGE_SIZE.cnaeSearch), offset: String(offset), isActive: 'true' },
        signal: inFlight.signal,
      });
      const items = page.data.map(cnaeFromRow).map(resultItem);
      if (append) list.append(...items);
      else list.replaceChildren(...items);
      shown = offset + items.length;
      total = page.total;
      status.textContent =
        total === 0
          ? `Nenhuma atividade encontrada para “${query}”. Tente outra palavra ou o número do código.`
          : `${total} ${total === 1 ? 'atividade encontrada' : 'atividades encontradas'}`;
      showPager();
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      status.textContent = (error as Error).message; // apiRequest's pt-BR message
    }
  }

  function update() {
    const query = input.value.trim();
    const url = new URL(location.href);
    url.searchParams.delete('page');
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    history.replaceState(null, '', url);
    if (!searchable(query)) {
      inFlight?.abort();
      list.replaceChildren();
      pager.replaceChildren();
      shown = total = 0;
      status.textContent = 'Digite ao menos duas letras ou parte do código.';
      return;
    }
    void search(query, false);
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(update, DEBOUNCE_MS);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    update();
  });
  more.addEventListener('click', () => void search(input.value.trim(), true));

  // A page the server rendered with results continues with "Mostrar mais" from there.
  shown = list.children.length;
  total = Number(/^(\d+)/.exec(status.textContent ?? '')?.[1] ?? 0);
  // Typed before this script came (a slow phone): searched now, not at the next key.
  const typedEarly = input.value.trim() !== (new URL(location.href).searchParams.get('q') ?? '').trim();
  if (typedEarly || (shown > 0 && new URL(location.href).searchParams.has('page'))) update();
  else showPager();
}
