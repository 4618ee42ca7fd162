import { DocumentIcon } from '@heroicons/react/24/outline';
import { FileButton } from '@/components/ui/FileButton';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import type { CompanyDocument, CompanyDocumentType, FieldErrors } from '@domain';
import {
  COMPANY_DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABEL,
  DocumentPublishSchema,
  DocumentRegisterSchema,
  MAX_UPLOAD_BYTES,
  UPLOAD_ACCEPT,
  formatBytes,
  isGuide,
  validate,
} from '@domain';
import type { DocumentDetails } from '../api';
import { publishDocument, registerDocument, uploadFile } from '../api';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { DateField, MonthField } from '@/components/ui/DateField';
import { MoneyField } from '@/components/ui/MoneyField';
import { SelectField } from '@/components/ui/SelectField';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { useUpload } from '@/lib/use-upload';
import { UploadStatus } from '@/components/UploadStatus';

/**
 * Sends a company document: its type (and, for a guide, due date, value and month), then the file through a signed
 * link with a progress bar, then the registration. `publish` is the team's: a guide must say its due date and value.
 */
export function DocumentUploadForm({
  companyId,
  mode,
  onDone,
  onCancel,
}: {
  companyId: string;
  mode: 'register' | 'publish';
  onDone: (document: CompanyDocument) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [type, setType] = useState<CompanyDocumentType | ''>(mode === 'publish' ? 'guia_das' : '');
  const [dueDate, setDueDate] = useState('');
  const [amountCents, setAmountCents] = useState<number | undefined>();
  const [competence, setCompetence] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const guide = type !== '' && isGuide(type);

  function details(): DocumentDetails {
    return {
      type: type as CompanyDocumentType,
      ...(guide && dueDate ? { dueDate } : {}),
      ...(guide && amountCents !== undefined ? { amountCents } : {}),
      ...(competence ? { competence } : {}),
      ...(description.trim() ? { description: description.trim() } : {}),
    };
  }

  // The file travels when the form is sent, then the document is registered with the form's details.
  const upload = useUpload({
    kind: 'document',
    sendsOnChoice: false,
    send: async (file, onProgress, signal) => {
      const uploadToken = await uploadFile({ file, companyId }, onProgress, signal);
      return (mode === 'publish' ? publishDocument : registerDocument)(companyId, uploadToken, details());
    },
    onSent: (document) => {
      setDueDate('');
      setAmountCents(undefined);
      setCompetence('');
      setDescription('');
      upload.actor.send({ type: 'upload.reset' });
      onDone(document);
    },
  });
  const { file, busy } = upload;

  // Before sending, the reason a file was refused shows under it; after, the server's refusals by field (of the file
  // itself: its name, its upload token) — or, with none, its message above the form.
  const { filename, uploadToken, file: fileField, ...serverFields } = upload.fieldErrors;
  const answered = upload.failed || upload.rejected;
  const fileError = answered ? (fileField ?? filename ?? uploadToken) : upload.error;
  const shown: FieldErrors = { ...errors, ...serverFields, ...(fileError ? { file: fileError } : {}) };
  const problem = answered && Object.keys(upload.fieldErrors).length === 0 ? upload.error : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    // The same schema as the server's, before the file travels: a refused registration would leave it orphaned.
    const checked = validate(mode === 'publish' ? DocumentPublishSchema : DocumentRegisterSchema, {
      uploadToken: 'a-enviar',
      ...details(),
      type: type || undefined,
    });
    setErrors(checked.ok ? {} : checked.fields);
    // With a form to fix, the file waits; with no file, the machine says so all the same.
    if (!checked.ok && file) return;
    upload.actor.send({ type: 'upload.start' });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy || undefined}>
      {problem && <Alert>{problem}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo do documento"
          value={type}
          error={shown.type}
          disabled={busy}
          onChange={(e) => setType(e.target.value as CompanyDocumentType | '')}
        >
          <option value="">Escolha…</option>
          {COMPANY_DOCUMENT_TYPES.map((option) => (
            <option key={option} value={option}>
              {DOCUMENT_TYPE_LABEL[option]}
            </option>
          ))}
        </SelectField>
        <MonthField
          label={guide && mode === 'publish' ? 'Competência (mês de referência)' : 'Competência (opcional)'}
          value={competence}
          error={shown.competence}
          disabled={busy}
          onValueChange={setCompetence}
        />
      </div>
      {guide && (
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            label={mode === 'publish' ? 'Vencimento' : 'Vencimento (opcional)'}
            value={dueDate}
            error={shown.dueDate}
            disabled={busy}
            onValueChange={setDueDate}
          />
          <MoneyField
            label={mode === 'publish' ? 'Valor (R$)' : 'Valor em R$ (opcional)'}
            cents={amountCents}
            error={shown.amountCents}
            disabled={busy}
            onCentsChange={setAmountCents}
          />
        </div>
      )}
      {mode === 'publish' && (
        <TextAreaField
          label="Recado para o cliente (opcional)"
          value={description}
          error={shown.description}
          disabled={busy}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
        />
      )}

      <div>
        <p id={`${id}-label`} className="text-sm font-medium text-slate-700">
          Arquivo
        </p>
        <div className={`mt-1 rounded-lg border border-dashed p-4 ${shown.file ? 'border-red-400' : 'border-slate-300'}`}>
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <DocumentIcon className="size-5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate">
              {file ? `${file.name} (${formatBytes(file.size)})` : 'Nenhum arquivo escolhido.'}
            </span>
          </p>
          <UploadStatus upload={upload} showError={false} />
          <FileButton
            className="mt-3"
            accept={UPLOAD_ACCEPT}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint${shown.file ? ` ${id}-error` : ''}`}
            aria-invalid={shown.file ? true : undefined}
            disabled={busy}
            onFile={(chosen) => upload.actor.send({ type: 'file.choose', file: chosen })}
          >
            {file ? 'Trocar arquivo' : 'Escolher arquivo'}
          </FileButton>
          <p id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
            PDF, imagem (PNG, JPG, WEBP), XML, ZIP, OFX ou certificado .pfx — até {formatBytes(MAX_UPLOAD_BYTES)}.
          </p>
        </div>
        {shown.file && (
          <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600">
            {shown.file}
          </p>
        )}
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
        )}
        <Button type="submit" busy={busy}>
          {mode === 'publish' ? 'Publicar documento' : 'Enviar documento'}
        </Button>
      </div>
    </form>
  );
}
