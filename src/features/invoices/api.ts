import { queryOptions } from '@tanstack/react-query';
import type { NfsCustomer, NfsRequest, NfsRequestStatus, NfsSchedule, Page, StatusChange } from '@domain';
import { PAGE_SIZE } from '@domain';
import { mainApi } from '@/lib/api/clients';

/** docs/api.md Invoices. */

export type NfsRequestDetail = NfsRequest & { history: StatusChange<NfsRequestStatus>[] };
export type NfsRequestRow = NfsRequest & { companyName: string | null };

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
      queryFn: () =>
        mainApi<Page<NfsRequestRow>>('/nfs/requests', { query: { companyId: params.companyId, ...listQuery(params) } }),
    }),
  /** The team's queue across companies. */
  queue: (params: RequestListParams) =>
    queryOptions({
      queryKey: ['invoices', 'queue', params],
      queryFn: () => mainApi<Page<NfsRequestRow>>('/nfs/requests/search', { query: listQuery(params) }),
    }),
  request: (id: string) =>
    queryOptions({
      queryKey: ['invoices', 'request', id],
      queryFn: () => mainApi<{ data: NfsRequestDetail }>(`/nfs/requests/${id}`).then((r) => r.data),
    }),
  schedules: (companyId: string) =>
    queryOptions({
      queryKey: ['invoices', 'schedules', companyId],
      queryFn: () => mainApi<Page<NfsSchedule>>('/nfs/schedulers', { query: { companyId } }),
    }),
  customers: (companyId: string, query: string) =>
    queryOptions({
      queryKey: ['invoices', 'customers', companyId, query],
      queryFn: () => mainApi<{ data: NfsCustomer[] }>('/nfs/customers', { query: { companyId, query } }).then((r) => r.data),
      staleTime: 60_000,
    }),
};

export const createRequest = (companyId: string, body: unknown) =>
  mainApi<{ data: NfsRequest }>('/nfs/requests', { method: 'POST', query: { companyId }, body: body as object }).then(
    (r) => r.data,
  );

export const deleteRequest = (request: Pick<NfsRequest, 'id' | 'companyId'>) =>
  mainApi(`/nfs/requests/${request.id}`, { method: 'DELETE', query: { companyId: request.companyId } });

export const changeRequestStatus = (id: string, status: NfsRequestStatus, body: object = {}) =>
  mainApi<{ data: NfsRequest }>(`/nfs/requests/${id}/status/${status}`, { method: 'PUT', body }).then((r) => r.data);

/** The team's correction of a request not yet sent (`NfsRequestCorrectionSchema`). */
export const correctRequest = (id: string, body: object) =>
  mainApi<{ data: NfsRequest }>(`/nfs/requests/${id}`, { method: 'PATCH', body }).then((r) => r.data);

export const saveSchedule = (companyId: string, body: unknown, id?: string) =>
  mainApi<{ data: NfsSchedule }>(id ? `/nfs/schedulers/${id}` : '/nfs/schedulers', {
    method: id ? 'PUT' : 'POST',
    query: { companyId },
    body: body as object,
  }).then((r) => r.data);

export const deleteSchedule = (schedule: Pick<NfsSchedule, 'id' | 'companyId'>) =>
  mainApi(`/nfs/schedulers/${schedule.id}`, { method: 'DELETE', query: { companyId: schedule.companyId } });

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
  mainApi<{ data: NfsRequest }>(`/nfs/schedulers/${schedule.id}/generate`, {
    method: 'POST',
    query: { companyId: schedule.companyId, ...(confirm ? { confirm: 'true' } : {}) },
  }).then((r) => r.data);
