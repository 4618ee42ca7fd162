import * as v from 'valibot';
import type { Company } from './company';
import type { CompanyStatus, TrackId } from './enums';
import { TRACK_IDS } from './enums';
import { onFirstUse } from './intl';
import { isOperating } from './navigation';
import { paginationQuery } from './pagination';
import { MESSAGES, STANDARD_EMAIL_PATTERN } from './users';

/** The referral programme (/app/user/my-referrals, /app/user/my-invites) and partner programmes (Duca). */

/** A person's referral code: 10 lowercase hex characters, derived on the server from their uid. */
export const REFERRAL_CODE_PATTERN = /^[0-9a-f]{10}$/;

/** The signup link that records the referrer (the SPA keeps `?ref=` until signup stores it as `indicatedBy`). */
export function referralLink(baseUrl: string, code: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/app/login?mode=signup&ref=${encodeURIComponent(code)}`;
}

/** How far someone who signed up with a referral link has come, in order. */
export const REFERRAL_STAGES = ['signed_up', 'company_started', 'company_active', 'paying'] as const;
export type ReferralStage = (typeof REFERRAL_STAGES)[number];

export const REFERRAL_STAGE_LABEL: Record<ReferralStage, string> = {
  signed_up: 'Cadastrado',
  company_started: 'Empresa em andamento',
  company_active: 'Empresa ativa',
  paying: 'Pagante',
};

export const REFERRAL_STAGE_DESCRIPTION: Record<ReferralStage, string> = {
  signed_up: 'Criou a conta, ainda sem empresa.',
  company_started: 'Está abrindo a empresa ou trazendo-a para a nossa contabilidade.',
  company_active: 'A empresa já funciona com a nossa contabilidade.',
  paying: 'Já pagou ao menos uma mensalidade.',
};

/**
 * The stage of a referred person from their companies: a paid charge makes them paying, an operating company
 * active, any company started. A disabled company (contract ended) no longer counts.
 */
export function referralStage(companies: readonly { status: CompanyStatus; hasPaidCharge: boolean }[]): ReferralStage {
  const live = companies.filter((company) => company.status !== 'disabled');
  if (live.some((company) => company.hasPaidCharge)) return 'paying';
  if (live.some((company) => isOperating(company))) return 'company_active';
  return live.length ? 'company_started' : 'signed_up';
}

/** "juliana.rocha@gmail.com" → "ju***@g***.com": enough to recognise someone, not to write to them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const keep = local.length > 3 ? 2 : 1;
  const firstDot = domain.indexOf('.');
  const maskedDomain = firstDot > 0 ? `${domain[0]}***${domain.slice(firstDot)}` : '***';
  return `${local.slice(0, keep)}***@${maskedDomain}`;
}

/** "Juliana Rocha Silva" → "Juliana S.": the first name and the initial of the last. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Sem nome';
  if (words.length === 1) return words[0];
  return `${words[0]} ${words[words.length - 1][0].toUpperCase()}.`;
}

/** Someone who signed up with the person's link, as the referrer may see them. */
export interface Referral {
  name: string;
  /** Masked: the referrer never receives the whole address. */
  email: string;
  stage: ReferralStage;
  signedUpAt: string;
}

export interface ReferralSummary {
  code: string;
  link: string;
  total: number;
  counts: Record<ReferralStage, number>;
}

export const REFERRALS_PAGE_SIZE = 10;
export const ReferralListQuerySchema = v.object({ ...paginationQuery(REFERRALS_PAGE_SIZE) });

/** Invitations by e-mail: how many a person may send, and how often the same one may be sent again. */
export const INVITATIONS_PER_DAY = 20;
export const INVITATION_RESEND_AFTER_HOURS = 24;
export const INVITATION_MAX_SENDS = 3;
export const INVITATIONS_PAGE_SIZE = 10;

export const INVITATION_MESSAGES = {
  emailRequired: 'Informe o e-mail.',
  invalidEmail: MESSAGES.invalidEmail,
  nameTooLong: 'O nome pode ter no máximo 120 caracteres.',
  dailyLimit: `Você já enviou ${INVITATIONS_PER_DAY} convites nas últimas 24 horas. Tente novamente amanhã.`,
  duplicate: 'Você já convidou este e-mail. Use "Reenviar" na lista de convites.',
  alreadyUser: 'Esta pessoa já tem conta no Contábil.',
  yourself: 'Este é o seu próprio e-mail: convide outra pessoa.',
  maxSends: `Este convite já foi enviado ${INVITATION_MAX_SENDS} vezes.`,
} as const;

export const InvitationSchema = v.object({
  name: v.optional(
    v.pipe(
      v.string(INVITATION_MESSAGES.nameTooLong),
      v.trim(),
      v.maxLength(120, INVITATION_MESSAGES.nameTooLong),
      v.transform((value) => value || undefined),
    ),
  ),
  email: v.pipe(
    v.string(INVITATION_MESSAGES.emailRequired),
    v.trim(),
    v.nonEmpty(INVITATION_MESSAGES.emailRequired),
    v.maxLength(254, INVITATION_MESSAGES.invalidEmail),
    v.regex(STANDARD_EMAIL_PATTERN, INVITATION_MESSAGES.invalidEmail),
    v.toLowerCase(),
  ),
});
export type InvitationInput = v.InferInput<typeof InvitationSchema>;

export const InvitationListQuerySchema = v.object({ ...paginationQuery(INVITATIONS_PAGE_SIZE) });

export interface Invitation {
  id: string;
  email: string;
  name: string | null;
  sentCount: number;
  lastSentAt: string;
  createdAt: string;
  /** The person already has an account (with this e-mail). */
  signedUp: boolean;
  /** When it may be sent again; null when it may not be sent any more (signed up, or sent too many times). */
  resendAvailableAt: string | null;
}

/** When an invitation may be sent again, by the rules above. */
export function resendAvailableAt(invitation: { sentCount: number; lastSentAt: Date; signedUp: boolean }): Date | null {
  if (invitation.signedUp || invitation.sentCount >= INVITATION_MAX_SENDS) return null;
  return new Date(invitation.lastSentAt.getTime() + INVITATION_RESEND_AFTER_HOURS * 3_600_000);
}

const resendTime = onFirstUse(
  () => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }),
);

/**
 * Why the same e-mail cannot be invited again, pointing to what its row in the list offers right now: the "Reenviar"
 * button exists only once the wait after the last sending is over, and never after the last allowed sending.
 */
export function duplicateInvitationMessage(invitation: { sentCount: number; lastSentAt: Date }, now: Date): string {
  const availableAt = resendAvailableAt({ ...invitation, signedUp: false });
  if (!availableAt) {
    return `Você já convidou este e-mail, e o convite já foi enviado ${INVITATION_MAX_SENDS} vezes: não é possível reenviá-lo.`;
  }
  if (now < availableAt) {
    return `Você já convidou este e-mail. O convite poderá ser reenviado pela lista de convites a partir de ${resendTime().format(availableAt)}.`;
  }
  return INVITATION_MESSAGES.duplicate;
}

/** Text for HTML: the customer's own words in an e-mail never become markup. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The invitation e-mail, in text and HTML. */
export function invitationEmail(input: { inviterName: string; inviteeName?: string | null; link: string }) {
  const greeting = input.inviteeName ? `Olá, ${input.inviteeName}!` : 'Olá!';
  // One line whatever was stored: a line break in a subject would be a header of its own.
  const subject = `${input.inviterName.replace(/\s+/g, ' ').trim()} convidou você para o Contábil`;
  const text = [
    greeting,
    '',
    `${input.inviterName} usa o Contábil, a contabilidade online para MEI, ME e EPP, e convidou você para conhecer.`,
    'Abra sua empresa ou troque de contador sem sair de casa: notas fiscais, impostos e extratos em um só lugar.',
    '',
    `Crie sua conta por este link: ${input.link}`,
    '',
    'Se você não conhece quem enviou este convite, basta ignorar esta mensagem.',
    'Equipe Contábil',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(input.inviterName)} usa o Contábil, a contabilidade online para MEI, ME e EPP, e convidou você para conhecer.`,
    'Abra sua empresa ou troque de contador sem sair de casa: notas fiscais, impostos e extratos em um só lugar.</p>',
    `<p><a href="${escapeHtml(input.link)}">Criar minha conta</a></p>`,
    '<p>Se você não conhece quem enviou este convite, basta ignorar esta mensagem.<br>Equipe Contábil</p>',
  ].join('\n');
  return { subject, text, html };
}

/** Partner programmes: partners who bring customers, and the customers they brought. */
export const PARTNERS = {
  duca: { id: 'duca', name: 'Duca' },
} as const;
export type PartnerId = keyof typeof PARTNERS;

export function isPartnerId(value: string): value is PartnerId {
  return Object.hasOwn(PARTNERS, value);
}

export const PartnerAttributionSchema = v.object({
  trackId: v.picklist(TRACK_IDS, MESSAGES.invalidTrack),
});

/** The first step of a partner's wizard: the person confirms that the partner brought them. */
export const partnerConfirmationSchema = (partnerId: PartnerId) =>
  v.object({
    confirmed: v.literal(true, `Confirme que você chegou até nós pela ${PARTNERS[partnerId].name} para continuar.`),
  });

/**
 * A company already operating, or disabled, keeps its track: the person confirms the partner and chooses nothing
 * (the server credits the partner and leaves the company as it is).
 */
export function keepsOwnTrack(company: Pick<Company, 'status'> | null): boolean {
  return company !== null && (isOperating(company) || company.status === 'disabled');
}

/** The track an attribution sends: the company's own when it keeps it, else the person's choice (if made). */
export function attributionTrackId(
  company: Pick<Company, 'status' | 'trackId'> | null,
  ownTrackId: TrackId | null,
  chosen: TrackId | null,
): TrackId | null {
  return keepsOwnTrack(company) ? (ownTrackId ?? company?.trackId ?? 'create-company') : chosen;
}

export const PARTNER_MESSAGES = {
  /** The partner was recorded, but the session could not learn of the track or company it changed. */
  sessionNotUpdated: 'Registramos a parceria, mas não conseguimos atualizar a sua sessão. Tente de novo.',
};

export interface PartnerAttribution {
  partnerId: string | null;
  partnerAttributedAt: string | null;
}

/** The answer of an attribution: what was recorded and where the person goes next. */
export interface PartnerAttributionResult extends PartnerAttribution {
  partnerName: string;
  trackId: TrackId;
  companyId: string | null;
  /** The app path to continue on: the track's wizard, or the panel for a company already operating. */
  next: string;
}
