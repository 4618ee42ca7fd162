import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '@/lib/toast';
import { DOCUMENT_TYPE_LABEL } from '@domain';
import { Button } from '@/components/ui/Button';
import { Drawer } from '@/components/ui/Drawer';
import { DocumentUploadForm } from './DocumentUploadForm';

/** The team's "Publicar documento": a guide (due date and value) or any document, for the company to see. */
export function PublishDocument({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Publicar documento
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title="Publicar documento">
        <p className="mb-4 text-sm text-slate-600">
          O cliente vê o documento em “Documentos”, marcado como novo até baixá-lo. Guias pedem vencimento e valor.
        </p>
        <DocumentUploadForm
          companyId={companyId}
          mode="publish"
          onCancel={() => setOpen(false)}
          onDone={(document) => {
            toast.success(`${DOCUMENT_TYPE_LABEL[document.type]} publicado para a empresa.`);
            void queryClient.invalidateQueries({ queryKey: ['documents', companyId] });
            setOpen(false);
          }}
        />
      </Drawer>
    </>
  );
}
