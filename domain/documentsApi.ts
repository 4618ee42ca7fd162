import type * as v from 'valibot';
import type {
  CompanyDocument,
  DocumentListQuerySchema,
  DocumentPublishSchema,
  DocumentRegisterSchema,
  PersonalDocumentRegisterSchema,
} from './documents';
import type { Page } from './pagination';
import type { FileAnswer, MultipartForm } from './apiContract';
import { endpoint } from './apiContract';

/** The answer of `GET /upload/{filename}`: where to send the file, and the token that registers it afterwards. */
export interface UploadLink {
  token: string;
  url: string;
  method: 'POST';
  field: string;
  fields: Record<string, string>;
  name: string;
  maxBytes: number;
  expiresAt: string;
}

/** The answer of `GET /download/{documentId}`: a signed link the browser opens itself. */
export interface DownloadLink {
  url: string;
  name: string;
  expiresAt: string;
}

/** A file the local store received through its signed link. */
export interface ReceivedFile {
  name: string;
  size: number;
  expiresAt: string;
}

type CompanyQuery = { companyId: string };
interface Registered {
  query: CompanyQuery;
  response: { data: CompanyDocument };
}
interface Received {
  body: MultipartForm;
  response: { data: ReceivedFile };
}

/** docs/api.md Documents, and the signed upload and download links. */
export const DOCUMENTS_API = {
  'GET /documents': endpoint<{ query: v.InferInput<typeof DocumentListQuerySchema>; response: Page<CompanyDocument> }>(),
  /** Multipart: `file`, `type` and, for a wizard step's, `stepId`. */
  'POST /documents': endpoint<{ query: CompanyQuery; body: MultipartForm; response: { data: CompanyDocument } }>(),
  'POST /documents/register': endpoint<Registered & { body: v.InferInput<typeof DocumentRegisterSchema> }>(),
  'POST /documents/publish': endpoint<Registered & { body: v.InferInput<typeof DocumentPublishSchema> }>(),
  'PUT /documents/:id/status/:status': endpoint<{ query: CompanyQuery; response: { data: CompanyDocument } }>(),
  'DELETE /documents/:id': endpoint<{ query: CompanyQuery; response: { data: { id: string } } }>(),
  'GET /documents/:id/file': endpoint<{ query: CompanyQuery; response: FileAnswer }>(),
  'GET /documents/personal': endpoint<{ query: { userId?: string }; response: Page<CompanyDocument> }>(),
  'POST /documents/personal/register': endpoint<{
    body: v.InferInput<typeof PersonalDocumentRegisterSchema>;
    response: { data: CompanyDocument };
  }>(),
  'DELETE /documents/personal/:id': endpoint<{ response: { data: { id: string } } }>(),
  'GET /upload/:filename{.+}': endpoint<{
    query: { companyId?: string; size?: string | number };
    response: { data: UploadLink };
  }>(),
  'GET /download/:filename{.+}': endpoint<{ query: { companyId?: string }; response: { data: DownloadLink } }>(),
  'POST /files/:token': endpoint<Received>(),
  'PUT /files/:token': endpoint<Received>(),
  'GET /files/:token': endpoint<{ response: FileAnswer }>(),
};
