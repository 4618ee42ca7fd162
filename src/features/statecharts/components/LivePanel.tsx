import { useState } from 'react';
import { liveInspectionOn, setLiveInspection, setStatelyInspector, statelyInspectorOn } from '@/lib/live-inspection';
import type { LiveActor, useLiveMachines } from './useLiveMachines';
import { leafStates } from './useLiveMachines';

const time = (at: number) => new Date(at).toLocaleTimeString('pt-BR');

/**
 * Live inspection: the switch for this browser, the machines running in its other tabs (choose one to see it on its
 * chart, its current states highlighted) and what they did last.
 */
export function LivePanel({
  live,
  followed,
  onFollow,
  machineOf,
}: {
  live: ReturnType<typeof useLiveMachines>;
  followed: string | null;
  onFollow: (key: string | null) => void;
  machineOf: (actor: LiveActor) => string | undefined;
}) {
  const [on, setOn] = useState(liveInspectionOn);
  const [stately, setStately] = useState(statelyInspectorOn);
  return (
    <section aria-labelledby="live-title" className="mb-6 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="live-title" className="text-base font-semibold text-slate-900">
          Ao vivo
        </h2>
        <label className="flex items-center gap-2 text-slate-700">
          <input
            type="checkbox"
            className="accent-brand-700"
            checked={on}
            onChange={(event) => {
              setLiveInspection(event.target.checked);
              setOn(event.target.checked);
            }}
          />
          Acompanhar as máquinas do app nas outras abas deste navegador
        </label>
      </div>
      <p className="mt-1 text-slate-600">
        Nada sai do navegador: as abas do app contam a esta página, pelo próprio navegador, em que estado cada máquina está
        (eventos do inspetor da Stately, @statelyai/inspect).{' '}
        {import.meta.env.DEV && (
          <>
            Em desenvolvimento, <code>?inspect</code> no endereço liga só aquela aba.
          </>
        )}
      </p>
      <label className="mt-2 flex items-center gap-2 text-slate-700">
        <input
          type="checkbox"
          className="accent-brand-700"
          checked={stately}
          onChange={(event) => {
            setStatelyInspector(event.target.checked);
            setStately(event.target.checked);
          }}
        />
        Enviar também ao inspetor da Stately (abre stately.ai em outra janela; vale ao recarregar as abas do app)
      </label>
      {live.actors.length === 0 ? (
        <p className="mt-3 text-slate-500">
          {on ? 'Nenhuma máquina rodando: abra o app em outra aba.' : 'Ligue o acompanhamento e abra o app em outra aba.'}
        </p>
      ) : (
        <div className="mt-3 grid gap-4 lg:grid-cols-2">
          <div>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Rodando agora</h3>
            <ul className="mt-2 space-y-1">
              {live.actors.map((actor) => {
                const name = machineOf(actor) ?? actor.last.machine;
                const selected = actor.key === followed;
                return (
                  <li key={actor.key}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      onClick={() => onFollow(selected ? null : actor.key)}
                      className={`w-full rounded-lg border px-3 py-2 text-left ${
                        selected ? 'border-sky-600 bg-sky-50' : 'border-slate-200 hover:bg-slate-50'
                      }`}
                    >
                      <span className="font-semibold text-slate-900">{name}</span>{' '}
                      <span className="text-xs text-slate-500">aba {actor.last.tab}</span>
                      <span className="block font-mono text-xs text-sky-800" data-testid="live-state">
                        {leafStates(actor.last)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
          <div>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Últimos eventos</h3>
            <ol
              aria-live="polite"
              aria-label="Últimos eventos"
              className="mt-2 max-h-64 space-y-1 overflow-auto font-mono text-xs"
            >
              {live.log.map((entry, i) => (
                <li key={`${entry.tab}:${entry.machine}:${entry.at}:${i}`} className="text-slate-700">
                  <span className="text-slate-400">{time(entry.at)}</span> {entry.machine}:{' '}
                  <span className="text-slate-900">{entry.event}</span> → {leafStates(entry)}
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </section>
  );
}
