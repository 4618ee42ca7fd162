import { apiRequest } from '../env';

const DEBOUNCE_MS = 200;

/**
 * A city picker over `GET /api/city-search` (5 at a time, accents ignored): choosing a city opens its page. A plain
 * list of links under the field, so it works with the keyboard as any list of links does.
 */
export function mount(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('input')!;
  const list = root.querySelector<HTMLUListElement>('ul')!;
  const base = root.dataset.base ?? '/contabilidade-em';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  /** One line in the list that says what is going on (searching, nothing found, a failure). */
  function say(text: string) {
    const item = document.createElement('li');
    item.className = 'px-3 py-2 text-sm text-slate-600';
    item.setAttribute('role', 'status');
    item.textContent = text;
    list.replaceChildren(item);
  }

  async function search(query: string) {
    inFlight?.abort();
    inFlight = new AbortController();
    say('Buscando…');
    try {
      const { data } = await apiRequest('GET /city-search', { query: { q: query }, signal: inFlight.signal });
      list.replaceChildren(
        ...data.map((city) => {
          const item = document.createElement('li');
          const link = document.createElement('a');
          link.href = `${base}/${city.slug}`;
          link.className = 'block rounded-lg px-3 py-2 text-slate-800 hover:bg-brand-50 focus:bg-brand-50';
          link.textContent = `${city.name} (${city.state})`;
          item.append(link);
          return item;
        }),
      );
      if (data.length === 0) say('Nenhuma cidade com esse nome.');
    } catch (error) {
      if ((error as Error).name !== 'AbortError') say((error as Error).message);
    }
  }

  function update() {
    clearTimeout(timer);
    const query = input.value.trim();
    if (query.length < 2) {
      list.replaceChildren();
      return;
    }
    timer = setTimeout(() => void search(query), DEBOUNCE_MS);
  }

  input.addEventListener('input', update);
  // Typed before this script came (a slow phone): searched now, not at the next key.
  if (input.value.trim()) update();
}
