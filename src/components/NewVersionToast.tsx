import toast from '@/lib/toast';

/** Offers the reload a new build needs; stays until the person chooses. */
export function announceNewVersion() {
  toast(
    (t) => (
      <span className="flex items-center gap-3">
        <span>Uma nova versão do Contábil está disponível.</span>
        <button
          type="button"
          className="rounded-md bg-brand-700 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
          onClick={() => {
            toast.dismiss(t.id);
            window.location.reload();
          }}
        >
          Atualizar
        </button>
      </span>
    ),
    { id: 'new-version', duration: Number.POSITIVE_INFINITY },
  );
}
