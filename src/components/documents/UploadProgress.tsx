/** The bar of a file on its way, with the percentage in words for screen readers. */
export function UploadProgress({ percent, label = 'Envio do arquivo' }: { percent: number; label?: string }) {
  return (
    <div role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
      <div className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{percent < 100 ? `Enviando… ${percent}%` : 'Conferindo o arquivo…'}</p>
    </div>
  );
}
