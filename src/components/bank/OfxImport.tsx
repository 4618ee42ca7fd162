import { ArrowUpTrayIcon, DocumentArrowUpIcon } from '@heroicons/react/24/outline';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { DragEvent } from 'react';
import { useId, useRef, useState } from 'react';
import type { OfxImportSummary as Summary } from '@domain';
import { MAX_OFX_BYTES, UPLOAD_MESSAGES, extensionOf, formatBytes } from '@domain';
import { bankQueries, uploadOfx } from '../../api/bankStatements';
import { ApiError } from '../../api/errors';
import { useSessionActor } from '../../lib/session-handle';
import { Alert, Card } from '../ui/Card';
import { OfxImportSummary } from './OfxImportSummary';

const NOT_OFX = 'Envie um arquivo de extrato no formato OFX (.ofx).';

/** The "Importar extrato OFX" area: a drop zone and a file button, the upload's progress, then what was imported. */
export function OfxImport({ companyId }: { companyId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const token = useSelector(useSessionActor(), (s) => s.context.accessToken);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const [summary, setSummary] = useState<{ fileName: string; result: Summary } | null>(null);

  async function upload(file: File) {
    setProblem(undefined);
    if (extensionOf(file.name) !== 'ofx') return setProblem(NOT_OFX);
    if (file.size > MAX_OFX_BYTES) {
      return setProblem(`O arquivo passa do limite de ${formatBytes(MAX_OFX_BYTES)}. Exporte um período menor.`);
    }
    if (file.size === 0) return setProblem(UPLOAD_MESSAGES.empty);
    setSummary(null);
    setProgress(0);
    try {
      const result = await uploadOfx({ companyId, file, token }, setProgress);
      setSummary({ fileName: file.name, result });
      void queryClient.invalidateQueries({ queryKey: bankQueries.all() });
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : 'Não foi possível enviar o extrato. Tente novamente.');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files?.[0];
    if (file && progress === null) void upload(file);
  }

  const busy = progress !== null;
  return (
    <Card>
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Importar extrato OFX
      </h2>
      <p id={`${id}-help`} className="mt-1 text-sm text-slate-600">
        Quase todos os bancos exportam o extrato em OFX (Itaú, Bradesco, Banco do Brasil, Caixa, Santander, Nubank, Inter, Sicoob,
        Sicredi, C6…). No app ou internet banking, procure <strong>Extrato → Exportar → OFX / Money</strong> e escolha o período.
        Importar o mesmo extrato de novo não duplica nada.
      </p>
      <div
        data-testid="ofx-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`mt-4 flex flex-col items-center rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors ${
          dragging ? 'border-brand-600 bg-brand-50' : problem ? 'border-red-400' : 'border-slate-300'
        }`}
      >
        <DocumentArrowUpIcon className="size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-2 text-sm text-slate-700">Arraste o arquivo .ofx para cá ou</p>
        <label className="mt-2 inline-flex cursor-pointer items-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 has-disabled:cursor-not-allowed has-disabled:opacity-60 has-focus-visible:ring-2 has-focus-visible:ring-brand-400 has-focus-visible:ring-offset-2">
          <ArrowUpTrayIcon className="size-4" aria-hidden="true" />
          Escolher arquivo OFX
          <input
            ref={input}
            type="file"
            accept=".ofx,application/x-ofx"
            className="sr-only"
            data-testid="ofx-file-input"
            aria-describedby={`${id}-help ${problem ? `${id}-error` : ''}`.trim()}
            disabled={busy}
            onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
          />
        </label>
        <p className="mt-2 text-xs text-slate-500">Arquivo .ofx de até {formatBytes(MAX_OFX_BYTES)}.</p>
        {busy && (
          <div
            className="mt-4 w-full max-w-sm"
            role="progressbar"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="Envio do extrato"
          >
            <div className="h-2 overflow-hidden rounded-full bg-slate-200">
              <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-600">{progress < 100 ? `Enviando… ${progress}%` : 'Lendo as movimentações…'}</p>
          </div>
        )}
      </div>
      {problem && (
        <div id={`${id}-error`} className="mt-3">
          <Alert>{problem}</Alert>
        </div>
      )}
      {summary && <OfxImportSummary fileName={summary.fileName} summary={summary.result} onClose={() => setSummary(null)} />}
    </Card>
  );
}
