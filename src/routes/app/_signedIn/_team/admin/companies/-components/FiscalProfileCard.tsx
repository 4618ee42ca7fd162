import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from '@/lib/toast';
import type { BodyOf, FieldErrors } from '@domain';
import {
  CERTIFICATE_FILE_EXTENSIONS,
  FiscalProfileSchema,
  SIMPLES_APPORTIONMENTS,
  SIMPLES_APPORTIONMENT_LABEL,
  SPECIAL_REGIMES,
  SPECIAL_REGIME_LABEL,
  TAX_REGIMES,
  TAX_REGIME_LABEL,
  certificateUploadErrors,
} from '@domain/fiscalProfile';
import type { FiscalProfileView } from '@domain/nfseEmission';
import { ApiError } from '@/lib/api/errors';
import { fiscalProfileQueries, removeCertificate, saveFiscalProfile, uploadCertificate } from '@/features/invoices/nfse-api';
import { CertificateSummary, FiscalProfileSummary } from '@/features/invoices/components/FiscalProfileSummary';
import { Button } from '@/components/ui/Button';
import { Alert, Card } from '@/components/ui/Card';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { controlClass } from '@/components/ui/Field';
import { SelectField } from '@/components/ui/SelectField';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { useSchemaForm } from '@/lib/form';
import { fiscalProfileBody, fiscalProfileFormValues } from '@/features/invoices/nfse';

/** The company's fiscal profile for the national NFS-e: the team fills it in, sends the A1 certificate, sees what is missing. */
export function FiscalProfileCard({ companyId }: { companyId: string }) {
  const profile = useQuery(fiscalProfileQueries.detail(companyId));
  const [editing, setEditing] = useState(false);
  return (
    <Card className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Perfil fiscal (NFS-e nacional)</h2>
        {profile.data?.profile && !editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Editar perfil fiscal
          </Button>
        )}
      </div>
      {profile.isPending ? (
        <div className="mt-4 text-brand-700">
          <Spinner label="Carregando perfil fiscal…" />
        </div>
      ) : profile.isError ? (
        <div className="mt-4 space-y-3">
          <Alert>Não foi possível carregar o perfil fiscal: {profile.error.message}</Alert>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            Tentar de novo
          </Button>
        </div>
      ) : (
        <FiscalProfileBody companyId={companyId} view={profile.data} editing={editing} setEditing={setEditing} />
      )}
    </Card>
  );
}

function FiscalProfileBody({
  companyId,
  view,
  editing,
  setEditing,
}: {
  companyId: string;
  view: FiscalProfileView;
  editing: boolean;
  setEditing: (editing: boolean) => void;
}) {
  return (
    <div className="mt-4 space-y-6">
      {view.ready ? (
        <Alert tone="success">Pronta para emitir pelo Sistema Nacional.</Alert>
      ) : (
        view.missing.length > 0 && (
          <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status">
            <p className="font-semibold">Antes de emitir pelo Sistema Nacional:</p>
            <ul className="mt-1 list-disc pl-5">
              {view.missing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        )
      )}
      <section aria-labelledby={`${companyId}-profile`}>
        <h3 id={`${companyId}-profile`} className="mb-3 text-sm font-semibold text-slate-900">
          Dados para a DPS
        </h3>
        {editing || !view.profile ? (
          <>
            {!view.profile && !editing && (
              <p className="mb-4 text-sm text-slate-600">Nenhum perfil fiscal cadastrado. Preencha os dados abaixo.</p>
            )}
            <FiscalProfileForm companyId={companyId} view={view} onDone={view.profile ? () => setEditing(false) : undefined} />
          </>
        ) : (
          <FiscalProfileSummary profile={view.profile} />
        )}
      </section>
      <CertificateSection companyId={companyId} view={view} />
    </div>
  );
}

function FiscalProfileForm({ companyId, view, onDone }: { companyId: string; view: FiscalProfileView; onDone?: () => void }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(FiscalProfileSchema, fiscalProfileFormValues(view.profile));
  const { values } = form;
  const save = useMutation({
    mutationFn: (body: BodyOf<'PUT /companies/:companyId/fiscal-profile'>) => saveFiscalProfile(companyId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(fiscalProfileQueries.detail(companyId).queryKey, saved);
      toast.success('Perfil fiscal salvo.');
      onDone?.();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(error.fields);
      else toast.error(error.message);
    },
  });
  const { text } = form;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = fiscalProfileBody(values);
    if (!form.check(body)) return;
    save.mutate(body);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Perfil fiscal">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Regime tributário" {...text('taxRegime')}>
          <option value="">Escolha…</option>
          {TAX_REGIMES.map((regime) => (
            <option key={regime} value={regime}>
              {TAX_REGIME_LABEL[regime]}
            </option>
          ))}
        </SelectField>
        {values.taxRegime === 'simples' && (
          <SelectField label="Apuração no Simples Nacional" {...text('simplesApportionment')}>
            {SIMPLES_APPORTIONMENTS.map((option) => (
              <option key={option} value={option}>
                {SIMPLES_APPORTIONMENT_LABEL[option]}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField label="Regime especial de tributação" {...text('specialRegime')}>
          {SPECIAL_REGIMES.map((option) => (
            <option key={option} value={option}>
              {SPECIAL_REGIME_LABEL[option]}
            </option>
          ))}
        </SelectField>
        <TextField label="Inscrição municipal (opcional)" maxLength={15} autoComplete="off" {...text('municipalRegistration')} />
        <TextField
          label="Código IBGE do município"
          inputMode="numeric"
          maxLength={7}
          hint={view.profile?.cityName ? `Hoje: ${view.profile.cityName}.` : '7 dígitos, ex.: 3550308 (São Paulo).'}
          {...text('cityIbgeCode')}
        />
        <TextField
          label="Código de tributação nacional (cTribNac)"
          inputMode="numeric"
          maxLength={8}
          hint={view.profile?.serviceDescription ?? 'Item, subitem e desdobro, ex.: 01.07.01.'}
          {...text('serviceCode')}
        />
        <TextField
          label="Outros serviços da empresa (opcional)"
          hint="Códigos de tributação nacional separados por vírgula, ex.: 01.08.01, 17.01.01. O cliente escolhe entre eles e o principal ao pedir uma nota."
          {...text('otherServiceCodes')}
        />
        <TextField
          label="Código NBS (opcional)"
          maxLength={12}
          hint="Ex.: 1.1502.10.00 (do serviço principal)."
          {...text('nbsCode')}
        />
        <TextField
          label="Código de tributação municipal (opcional)"
          inputMode="numeric"
          maxLength={3}
          hint="Só quando o município tem o próprio desdobro."
          {...text('municipalServiceCode')}
        />
        <TextField
          label="Alíquota do ISS (%)"
          inputMode="decimal"
          maxLength={6}
          hint={values.taxRegime === 'mei' ? 'O MEI recolhe o ISS no DAS: deixe em branco.' : 'Ex.: 2,5.'}
          {...text('issRate')}
        />
        {values.taxRegime === 'simples' && (
          <TextField
            label="Tributos aproximados do Simples Nacional (%)"
            inputMode="decimal"
            maxLength={6}
            hint="A alíquota efetiva do DAS, ex.: 6: toda nota de ME/EPP informa este percentual."
            {...text('simplesTaxRate')}
          />
        )}
        {values.taxRegime === 'other' && (
          <TextField
            label="Tributos federais aproximados (%)"
            inputMode="decimal"
            maxLength={6}
            hint="Percentual aproximado dos tributos federais sobre o serviço (Lei 12.741/2012), ex.: 13,45."
            {...text('federalTaxRate')}
          />
        )}
        <TextField label="Série da DPS" inputMode="numeric" maxLength={5} {...text('dpsSeries')} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onDone && (
          <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
        )}
        <Button type="submit" busy={save.isPending}>
          Salvar perfil fiscal
        </Button>
      </div>
    </form>
  );
}

/** The A1 certificate: who it is of and until when, or the form to send it (file + password). */
function CertificateSection({ companyId, view }: { companyId: string; view: FiscalProfileView }) {
  const queryClient = useQueryClient();
  const [replacing, setReplacing] = useState(false);
  const certificate = view.certificate;
  const remove = useMutation({
    mutationFn: () => removeCertificate(companyId),
    onSuccess: (saved) => {
      queryClient.setQueryData(fiscalProfileQueries.detail(companyId).queryKey, saved);
      toast.success('Certificado removido.');
    },
    onError: (error) => toast.error(error.message),
  });
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-3 text-sm font-semibold text-slate-900">
        Certificado digital A1
      </h3>
      {certificate ? (
        <CertificateSummary certificate={certificate} />
      ) : (
        <p className="text-sm text-slate-600">Nenhum certificado enviado.</p>
      )}
      {certificate && !replacing && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setReplacing(true)}>
            Enviar outro certificado
          </Button>
          <ConfirmButton
            variant="ghost"
            busy={remove.isPending}
            title="Remover o certificado?"
            description="Sem certificado, a equipe não consegue emitir notas desta empresa pelo Sistema Nacional."
            confirmLabel="Remover"
            onConfirm={() => remove.mutate()}
          >
            Remover certificado
          </ConfirmButton>
        </div>
      )}
      {(!certificate || replacing) && (
        <CertificateForm
          companyId={companyId}
          onDone={certificate ? () => setReplacing(false) : undefined}
          onSaved={() => setReplacing(false)}
        />
      )}
    </section>
  );
}

function CertificateForm({ companyId, onDone, onSaved }: { companyId: string; onDone?: () => void; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useMutation({
    mutationFn: () => uploadCertificate(companyId, file!, password),
    onSuccess: (saved) => {
      queryClient.setQueryData(fiscalProfileQueries.detail(companyId).queryKey, saved);
      toast.success('Certificado digital enviado.');
      setPassword('');
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
      onSaved();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      else setErrors({ file: error.message });
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The server's rule (file, extension, 50 KB, password): a wrong file is said before it travels.
    const found: FieldErrors = certificateUploadErrors(file, password);
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate();
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Enviar certificado digital">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
            Arquivo do certificado (.pfx ou .p12)
          </label>
          <input
            id={fileId}
            ref={fileRef}
            type="file"
            accept={[...CERTIFICATE_FILE_EXTENSIONS, 'application/x-pkcs12'].join(',')}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${fileId}-error` : `${fileId}-hint`}
            className={`${controlClass(errors.file)} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setErrors(({ file: _file, ...rest }) => rest);
            }}
          />
          {errors.file ? (
            <p id={`${fileId}-error`} className="mt-1 text-xs font-medium text-red-600">
              {errors.file}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="mt-1 text-xs text-slate-500">
              A chave privada fica guardada criptografada no servidor e nunca é exibida.
            </p>
          )}
        </div>
        <TextField
          label="Senha do certificado"
          type="password"
          autoComplete="off"
          value={password}
          error={errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors(({ password: _password, ...rest }) => rest);
          }}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onDone && (
          <Button variant="ghost" onClick={onDone} disabled={send.isPending}>
            Cancelar
          </Button>
        )}
        <Button type="submit" busy={send.isPending}>
          Enviar certificado
        </Button>
      </div>
    </form>
  );
}
