import { ArrowUpTrayIcon, DocumentIcon } from '@heroicons/react/24/outline';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import type { CompanyDocument, CompanyDocumentType, FieldErrors } from '@domain';
import {
  COMPANY_DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABEL,
  DocumentPublishSchema,
  DocumentRegisterSchema,
  MAX_UPLOAD_BYTES,
  UPLOAD_ACCEPT,
  UPLOAD_MESSAGES,
  formatBytes,
  isGuide,
  uploadProblem,
  validate,
} from '@domain';
import type { DocumentDetails } from '../../api/documents';
import { publishDocument, registerDocument, uploadFile } from '../../api/documents';
import { ApiError } from '../../api/errors';
import { Button } from '../ui/Button';
import { Alert } from '../ui/Card';
import { MoneyField } from '../ui/MoneyField';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import { UploadProgress } from './UploadProgress';

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
  const input = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<CompanyDocumentType | ''>(mode === 'publish' ? 'guia_das' : '');
  const [file, setFile] = useState<File | null>(null);
  const [dueDate, setDueDate] = useState('');
  const [amountCents, setAmountCents] = useState<number | undefined>();
  const [competence, setCompetence] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    // The same schema as the server's, before the file travels: a refused registration would leave it orphaned.
    const checked = validate(mode === 'publish' ? DocumentPublishSchema : DocumentRegisterSchema, {
      uploadToken: 'a-enviar',
      ...details(),
      type: type || undefined,
    });
    const found: FieldErrors = checked.ok ? {} : { ...checked.fields };
    const fileMessage = file ? uploadProblem(file) : UPLOAD_MESSAGES.missing;
    if (fileMessage) found.file = fileMessage;
    setErrors(found);
    if (Object.keys(found).length || !file) return;
    setProgress(0);
    try {
      const uploadToken = await uploadFile({ file, companyId }, setProgress);
      const register = mode === 'publish' ? publishDocument : registerDocument;
      const document = await register(companyId, uploadToken, details());
      setFile(null);
      setDueDate('');
      setAmountCents(undefined);
      setCompetence('');
      setDescription('');
      if (input.current) input.current.value = '';
      onDone(document);
    } catch (failure) {
      if (failure instanceof ApiError) {
        const { filename, uploadToken, ...fields } = failure.fields;
        const fileField = fields.file ?? filename ?? uploadToken;
        setErrors({ ...fields, ...(fileField ? { file: fileField } : {}) });
        if (!Object.keys(failure.fields).length) setProblem(failure.message);
      } else {
        setProblem('Não foi possível enviar o arquivo. Tente novamente.');
      }
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy || undefined}>
      {problem && <Alert>{problem}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo do documento"
          value={type}
          error={errors.type}
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
        <TextField
          label={guide && mode === 'publish' ? 'Competência (mês de referência)' : 'Competência (opcional)'}
          type="month"
          value={competence}
          error={errors.competence}
          disabled={busy}
          onChange={(e) => setCompetence(e.target.value)}
        />
      </div>
      {guide && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={mode === 'publish' ? 'Vencimento' : 'Vencimento (opcional)'}
            type="date"
            value={dueDate}
            error={errors.dueDate}
            disabled={busy}
            onChange={(e) => setDueDate(e.target.value)}
          />
          <MoneyField
            label={mode === 'publish' ? 'Valor (R$)' : 'Valor em R$ (opcional)'}
            cents={amountCents}
            error={errors.amountCents}
            disabled={busy}
            onCentsChange={setAmountCents}
          />
        </div>
      )}
      {mode === 'publish' && (
        <TextAreaField
          label="Recado para o cliente (opcional)"
          value={description}
          error={errors.description}
          disabled={busy}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
        />
      )}

      <div>
        <p id={`${id}-label`} className="text-sm font-medium text-slate-700">
          Arquivo
        </p>
        <div className={`mt-1 rounded-lg border border-dashed p-4 ${errors.file ? 'border-red-400' : 'border-slate-300'}`}>
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <DocumentIcon className="size-5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate">
              {file ? `${file.name} (${formatBytes(file.size)})` : 'Nenhum arquivo escolhido.'}
            </span>
          </p>
          {busy && (
            <div className="mt-3">
              <UploadProgress percent={progress} />
            </div>
          )}
          <label className="mt-3 inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-400">
            <ArrowUpTrayIcon className="size-4" aria-hidden="true" />
            {file ? 'Trocar arquivo' : 'Escolher arquivo'}
            <input
              ref={input}
              type="file"
              accept={UPLOAD_ACCEPT}
              className="sr-only"
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-hint${errors.file ? ` ${id}-error` : ''}`}
              aria-invalid={errors.file ? true : undefined}
              disabled={busy}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setErrors(({ file: _file, ...rest }) =>
                  chosen && uploadProblem(chosen) ? { ...rest, file: uploadProblem(chosen)! } : rest,
                );
              }}
            />
          </label>
          <p id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
            PDF, imagem (PNG, JPG, WEBP), XML, ZIP, OFX ou certificado .pfx — até {formatBytes(MAX_UPLOAD_BYTES)}.
          </p>
        </div>
        {errors.file && (
          <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600">
            {errors.file}
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
