import type * as v from 'valibot';
import type { BillingByCategory, BillingByCategoryQuerySchema } from './bankStatements';
import type { BillingCompanyQuerySchema, BillingSummary, PayChargeSchema, Payment, PaymentsQuerySchema } from './billing';
import type { FeatureFlags, FeatureName } from './features';
import type { AnnualBilling, AnnualBillingQuerySchema } from './mei';
import type { Page } from './pagination';
import type {
  Invitation,
  InvitationInput,
  InvitationListQuerySchema,
  PartnerAttribution,
  PartnerAttributionSchema,
  PartnerAttributionResult,
  Referral,
  ReferralListQuerySchema,
  ReferralSummary,
} from './referrals';
import type { FileAnswer } from './apiContract';
import { endpoint } from './apiContract';

/** The feature panel's view: who sees each feature, and where the list came from. */
export interface FeatureAudienceView {
  audiences: Record<FeatureName, string[]>;
  source: 'remote' | 'config';
}

/** The provider's payment page of a charge. */
export interface PaymentPage {
  paymentId: string;
  paymentUrl: string;
}

/** A message of the local outbox (the team's, never in production). */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  transport: string;
  sentAt: string | null;
  error: string | null;
  createdAt: string;
}

/** docs/api.md: the company's fees and plan, referrals and partners, reports, the caller's feature flags. */
export const ACCOUNT_API = {
  'GET /v1/ecommerce/payments': endpoint<{ query: v.InferInput<typeof PaymentsQuerySchema>; response: Page<Payment> }>(),
  'GET /v1/ecommerce/subscription': endpoint<{
    query: v.InferInput<typeof BillingCompanyQuerySchema>;
    response: { data: BillingSummary };
  }>(),
  'GET /v1/ecommerce/payments/:id/receipt': endpoint<{ query: { companyId?: string }; response: FileAnswer }>(),
  'POST /subscriptions/:id': endpoint<{ body: v.InferInput<typeof PayChargeSchema>; response: { data: PaymentPage } }>(),
  /** The provider's signed notification: its raw body is read and checked by the provider. */
  'POST /webhooks/payments/:provider': endpoint<{ response: { data: { result: 'applied' | 'duplicate' } } }>(),
  'GET /dev/outbox': endpoint<{
    query: { to?: string; limit?: string | number; offset?: string | number };
    response: Page<OutboxMessage>;
  }>(),
  'GET /referrals/me': endpoint<{ response: { data: ReferralSummary } }>(),
  'GET /referrals/me/referred': endpoint<{
    query: v.InferInput<typeof ReferralListQuerySchema>;
    response: Page<Referral>;
  }>(),
  'GET /referrals/invitations': endpoint<{
    query: v.InferInput<typeof InvitationListQuerySchema>;
    response: Page<Invitation>;
  }>(),
  'POST /referrals/invitations': endpoint<{ body: InvitationInput; response: { data: Invitation } }>(),
  'POST /referrals/invitations/:id/resend': endpoint<{ response: { data: Invitation } }>(),
  'GET /partners/:partnerId/attribution': endpoint<{ response: { data: PartnerAttribution } }>(),
  'POST /partners/:partnerId/attribution': endpoint<{
    body: v.InferInput<typeof PartnerAttributionSchema>;
    response: { data: PartnerAttributionResult };
  }>(),
  'GET /reports/anual-billing-by-company': endpoint<{
    query: v.InferInput<typeof AnnualBillingQuerySchema>;
    response: { data: AnnualBilling };
  }>(),
  'GET /reports/billing-by-category': endpoint<{
    query: v.InferInput<typeof BillingByCategoryQuerySchema>;
    response: { data: BillingByCategory };
  }>(),
  'GET /features': endpoint<{ response: { data: FeatureFlags } }>(),
  'GET /features/audiences': endpoint<{ response: { data: FeatureAudienceView } }>(),
};
