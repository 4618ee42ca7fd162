import { PublicPage } from './PublicPage';

/** `{city}-{state}`: the municipality slug, then the two-letter UF. */
export const CITY_STATE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([a-z]{2})$/;

export function parseCityState(value: string): { city: string; state: string } | null {
  const match = CITY_STATE.exec(value);
  return match ? { city: match[1], state: match[2].toUpperCase() } : null;
}

export function CityPage({ kind, cityState }: { kind: 'contabilidade' | 'contador'; cityState: string }) {
  const { city, state } = parseCityState(cityState)!;
  const name = city.replace(/-/g, ' ');
  return <PublicPage title={`${kind === 'contabilidade' ? 'Contabilidade' : 'Contador'} em ${name} (${state})`} />;
}
