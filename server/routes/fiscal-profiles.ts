/**
 * A company's fiscal profile for the national NFS-e and its A1 certificate (docs/nfse.md): the team edits both, the
 * company's members read them. The certificate's file and password are sealed at rest and never answered back.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { CERTIFICATE_FILE_MESSAGES, FiscalProfileSchema, certificateUploadErrors } from '@domain/fiscalProfile';
import type { AppDeps } from '../deps';
import { authenticate, companyInPath, requireRole } from '../auth/middleware';
import { findCompany } from '../db/companies';
import { fiscalProfileView, profileColumns, saveCertificate } from '../db/nfse';
import { companyCertificates, companyFiscalProfiles } from '../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { NOT_FOUND_MESSAGES } from '@domain';

/** The file's and password's own messages are the domain's, which the team's screen checks first. */
const CERTIFICATE_MESSAGES = {
  ...CERTIFICATE_FILE_MESSAGES,
  noCnpj: 'A empresa ainda não tem CNPJ: cadastre o CNPJ antes de enviar o certificado.',
  unavailable: 'O envio de certificados não está disponível neste servidor.',
} as const;

/** The company of the path, checked by `companyInPath`. */
const CompanyParam = validator('param', (params: Record<string, string>, c: Context<AppEnv>) => ({
  companyId: companyInPath(c, params.companyId),
}));

export function fiscalProfilesRoutes(deps: AppDeps) {
  const { db, identity } = deps;
  const signedIn = authenticate(identity);
  const team = requireRole('system-admin');
  const path = '/companies/:companyId/fiscal-profile';

  async function companyOf(companyId: string) {
    const company = await findCompany(db, companyId);
    if (!company) throw notFound(NOT_FOUND_MESSAGES.company);
    return company;
  }

  return new Hono<AppEnv>()
    .get(path, signedIn, CompanyParam, async (c) => {
      const { companyId } = c.req.valid('param');
      await companyOf(companyId);
      return json(c, 'GET /companies/:companyId/fiscal-profile', { data: await fiscalProfileView(db, companyId) });
    })
    .put(path, signedIn, team, CompanyParam, valid('json', FiscalProfileSchema), async (c) => {
      const { companyId } = c.req.valid('param');
      await companyOf(companyId);
      const columns = { ...profileColumns(c.req.valid('json')), updatedBy: c.var.identity.uid, updatedAt: new Date() };
      await db
        .insert(companyFiscalProfiles)
        .values({ companyId, ...columns })
        .onConflictDoUpdate({ target: companyFiscalProfiles.companyId, set: columns });
      return json(c, 'PUT /companies/:companyId/fiscal-profile', { data: await fiscalProfileView(db, companyId) });
    })
    .put(`${path}/certificate`, signedIn, team, CompanyParam, async (c) => {
      const { companyId } = c.req.valid('param');
      if (!deps.nfse) throw new HttpError(503, 'unavailable', CERTIFICATE_MESSAGES.unavailable);
      const company = await companyOf(companyId);
      const form = await c.req.parseBody().catch(() => {
        throw badRequest(CERTIFICATE_MESSAGES.file, { file: CERTIFICATE_MESSAGES.file });
      });
      const file = form.file;
      const password = typeof form.password === 'string' ? form.password : '';
      const fields = certificateUploadErrors(file instanceof File ? file : null, password);
      if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
      const bytes = new Uint8Array(await (file as File).arrayBuffer());
      // node-forge loads with the first upload, not with the server (docs/performance.md, "Start and memory").
      const { CertificateError, assertCertificateForCompany, readPkcs12 } = await import('../nfse/certificate');
      let certificate;
      try {
        // The file and its password first: what is wrong with what was sent is said whatever the company lacks.
        certificate = readPkcs12(bytes, password);
        if (!company.cnpj) throw conflict(CERTIFICATE_MESSAGES.noCnpj);
        assertCertificateForCompany(certificate, company.cnpj, new Date());
      } catch (error) {
        if (!(error instanceof CertificateError)) throw error;
        const field = error.code === 'wrong_password' ? 'password' : 'file';
        throw badRequest(error.message, { [field]: error.message });
      }
      await saveCertificate(
        db,
        companyId,
        { file: bytes, password, certificate, uploadedBy: c.var.identity.uid },
        deps.nfse.sealer,
      );
      return json(c, 'PUT /companies/:companyId/fiscal-profile/certificate', { data: await fiscalProfileView(db, companyId) });
    })
    .delete(`${path}/certificate`, signedIn, team, CompanyParam, async (c) => {
      const { companyId } = c.req.valid('param');
      await companyOf(companyId);
      await db.delete(companyCertificates).where(eq(companyCertificates.companyId, companyId));
      return json(c, 'DELETE /companies/:companyId/fiscal-profile/certificate', { data: await fiscalProfileView(db, companyId) });
    });
}
