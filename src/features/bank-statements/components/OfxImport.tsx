import { DocumentArrowUpIcon } from '@heroicons/react/24/outline';
import { FileButton } from '@/components/ui/FileButton';
import { useQueryClient } from '@tanstack/react-query';
import type { DragEvent } from 'react';
import { Suspense, lazy, useId, useState } from 'react';
import type { OfxImportProgress, OfxImportSummary as Summary } from '@domain';
import { MAX_OFX_BYTES, formatBytes, importProgressText } from '@domain';
import { bankQueries } from '../api';
import { uploadOfx } from '../ofx-upload-api';
import { useUpload } from '@/lib/use-upload';
import { UploadStatus } from '@/components/UploadStatus';
import { Alert, Card } from '@/components/ui/Card';

// What an import did is shown after one: its code loads then.
const OfxImportSummary = lazy(() => import('./OfxImportSummary').then((m) => ({ default: m.OfxImportSummary })));

/** The "Importar extrato OFX" area: a drop zone and a file button, the upload's progress, then what was imported. */
export function OfxImport({ companyId }: { companyId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState(false);
  const [summary, setSummary] = useState<{ fileName: string; result: Summary } | null>(null);
  // A large file's import, going on on the server after the upload answered.
  const [importing, setImporting] = useState<OfxImportProgress | null>(null);
  const upload = useUpload({
    kind: 'ofx',
    send: (file, onProgress, signal) => {
      setSummary(null);
      setImporting(null);
      return uploadOfx({ companyId, file }, onProgress, signal, setImporting).then((result) => ({
        fileName: file.name,
        result,
      }));
    },
    onSent: (imported) => {
      setSummary(imported);
      void queryClient.invalidateQueries({ queryKey: bankQueries.all() });
    },
  });
  const { busy, error: problem } = upload;
  const choose = (file: File | undefined) => file && upload.actor.send({ type: 'file.choose', file });

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files?.[0]);
  }

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
        <FileButton
          look="primary"
          className="mt-2"
          accept=".ofx,application/x-ofx"
          data-testid="ofx-file-input"
          aria-describedby={`${id}-help ${problem ? `${id}-error` : ''}`.trim()}
          disabled={busy}
          onFile={choose}
        >
          Escolher arquivo OFX
        </FileButton>
        <p className="mt-2 text-xs text-slate-500">Arquivo .ofx de até {formatBytes(MAX_OFX_BYTES)}.</p>
        <div className="w-full max-w-sm">
          {busy && importing ? (
            <ImportProgress progress={importing} />
          ) : (
            <UploadStatus upload={upload} label="Envio do extrato" arrived="Lendo as movimentações…" showError={false} />
          )}
        </div>
      </div>
      {problem && (
        <div id={`${id}-error`} className="mt-3">
          <Alert>{problem}</Alert>
        </div>
      )}
      {summary && (
        <Suspense fallback={null}>
          <OfxImportSummary fileName={summary.fileName} summary={summary.result} onClose={() => setSummary(null)} />
        </Suspense>
      )}
    </Card>
  );
}

/** A large import's progress on the server: no cancelling it here, and leaving the page does not stop it. */
function ImportProgress({ progress }: { progress: OfxImportProgress }) {
  const percent = progress.total > 0 ? Math.floor((progress.processed / progress.total) * 100) : 0;
  return (
    <div className="mt-3" data-testid="ofx-import-progress">
      <div
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={importProgressText(progress)}
        aria-label="Importação do extrato"
      >
        <div className="h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-600">{importProgressText(progress)}</p>
      <p className="mt-1 text-xs text-slate-500">
        Pode sair desta página: a importação continua, e as movimentações aparecem todas juntas quando ela terminar.
      </p>
    </div>
  );
}
