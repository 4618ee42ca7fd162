import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, NfsRequest, NfsRequestStatus, NfsSchedule, NfsStatusBody } from '@domain';
import { PAGE_SIZE } from '@domain';
import { api } from '@/lib/api/call';

/** docs/api.md Invoices. */

export interface RequestListParams {
  companyId?: string;
  page: number;
  query?: string;
  status?: NfsRequestStatus[];
  month?: string;
}

const listQuery = ({ page, query, status, month }: RequestListParams) => ({
  query: query || undefined,
  status,
  date: month || undefined,
  limit: PAGE_SIZE.invoices,
  offset: (page - 1) * PAGE_SIZE.invoices,
});

export const invoiceQueries = {
  all: () => ['invoices'] as const,
  requests: (params: RequestListParams & { companyId: string }) =>
    queryOptions({
      queryKey: ['invoices', 'requests', params],
      queryFn: () => api('GET /nfs/requests', { query: { companyId: params.companyId, ...listQuery(params) } }),
    }),
  /** The team's queue across companies. */
  queue: (params: RequestListParams) =>
    queryOptions({
      queryKey: ['invoices', 'queue', params],
      queryFn: () => api('GET /nfs/requests/search', { query: listQuery(params) }),
    }),
  request: (id: string) =>
    queryOptions({
      queryKey: ['invoices', 'request', id],
      queryFn: () => api('GET /nfs/requests/:id', { params: { id } }).then((r) => r.data),
    }),
  schedules: (companyId: string) =>
    queryOptions({
      queryKey: ['invoices', 'schedules', companyId],
      queryFn: () => api('GET /nfs/schedulers', { query: { companyId } }),
    }),
  customers: (companyId: string, query: string) =>
    queryOptions({
      queryKey: ['invoices', 'customers', companyId, query],
      queryFn: () => api('GET /nfs/customers', { query: { companyId, query } }).then((r) => r.data),
      staleTime: 60_000,
    }),
};

export const createRequest = (companyId: string, body: BodyOf<'POST /nfs/requests'>) =>
  api('POST /nfs/requests', { query: { companyId }, body }).then((r) => r.data);

export const deleteRequest = (request: Pick<NfsRequest, 'id' | 'companyId'>) =>
  api('DELETE /nfs/requests/:id', { params: { id: request.id }, query: { companyId: request.companyId } });

export const changeRequestStatus = (id: string, status: NfsRequestStatus, body: NfsStatusBody = {}) =>
  api('PUT /nfs/requests/:id/status/:status', { params: { id, status }, body }).then((r) => r.data);

/** The team's correction of a request not yet sent (`NfsRequestCorrectionSchema`). */
export const correctRequest = (id: string, body: BodyOf<'PATCH /nfs/requests/:id'>) =>
  api('PATCH /nfs/requests/:id', { params: { id }, body }).then((r) => r.data);

export const saveSchedule = (companyId: string, body: BodyOf<'POST /nfs/schedulers'>, id?: string) =>
  (id
    ? api('PUT /nfs/schedulers/:id', { params: { id }, query: { companyId }, body })
    : api('POST /nfs/schedulers', { query: { companyId }, body })
  ).then((r) => r.data);

export const deleteSchedule = (schedule: Pick<NfsSchedule, 'id' | 'companyId'>) =>
  api('DELETE /nfs/schedulers/:id', { params: { id: schedule.id }, query: { companyId: schedule.companyId } });

/**
 * "Gerar agora": this month's request from a schedule. When the customer already asked by hand for the tomador this
 * month, the server answers 409 `confirmation_required` with its question; `confirm` sends it again confirmed.
 */
export const generateScheduleNow = ({
  schedule,
  confirm = false,
}: {
  schedule: Pick<NfsSchedule, 'id' | 'companyId'>;
  confirm?: boolean;
}) =>
  api('POST /nfs/schedulers/:id/generate', {
    params: { id: schedule.id },
    query: { companyId: schedule.companyId, ...(confirm ? { confirm: 'true' } : {}) },
  }).then((r) => r.data);
