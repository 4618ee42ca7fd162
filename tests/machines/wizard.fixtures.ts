import type { Company, StepDrafts, Track, TrackId } from '@domain';
import { TRACK_STEPS, newTrack, trackAfterCompletion, trackAfterSubmission } from '@domain';
import { BELO_HORIZONTE_ADDRESS, bakeryPartner } from '../support/partners';

const address = BELO_HORIZONTE_ADDRESS;

/** A valid form for each step of each track, as a person would type it. */
export const VALID_DRAFTS: Record<TrackId, StepDrafts> = {
  'create-company': {
    'pre-registration': {
      type: 'on_person',
      size: 'MEI',
      mainActivity: '1091102',
      secondaryActivities: [],
      alias: 'Rocha Doces',
      address,
      activities: [{ code: '1091102', formatted: '1091-1/02', text: 'Fabricação de produtos de padaria', isAllowedMei: true }],
    },
    'partner-registration': {
      partners: [bakeryPartner('438.944.943-52', '100')],
    },
    subscription: { planId: 'mei' },
    'upload-guide-receipt': { documentId: '0b9f3c9e-5d0a-4f8e-9a53-2f1d8a6b7c10' },
  },
  'migrate-company': {
    'pre-registration': { cnpj: '11.222.333/0001-81', currentAccountant: { name: 'Silva Contabilidade' } },
    'partner-registration-basic': {
      partners: [{ name: 'Ana Lima', cpf: '57291053714', email: 'ana@aurora.com.br', phone: '11987654321' }],
    },
    subscription: { planId: 'essencial' },
    'download-company-info': {
      confirmed: true,
      name: 'Estúdio Aurora Design Ltda',
      mainActivity: '7410202',
      secondaryActivities: [],
      address,
    },
    'migrate-accountant': {
      certificateKind: 'A1',
      lastResponsibleMonth: '2026-10',
      items: {
        'digital-certificate': { delivery: 'will-send' },
        'city-portal-access': { delivery: 'with-previous-accountant' },
        distrato: { delivery: 'will-send' },
        'balance-sheet': { delivery: 'with-previous-accountant' },
        payroll: { delivery: 'not-applicable' },
      },
      previousAccountant: { name: 'Silva Contabilidade' },
    },
  },
};

export function company(trackId: TrackId, status: Company['status'] = 'pending'): Company {
  return {
    id: 'c1',
    name: null,
    alias: 'Rocha Doces',
    cnpj: null,
    status,
    size: 'MEI',
    type: 'on_person',
    address: null,
    currentSubscription: null,
    trackId,
    previousStatus: null,
    mainActivity: null,
    secondaryActivities: [],
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

/**
 * The track after the customer went through its first `done` steps; the subscription waits for its payment
 * unless `paid`.
 */
export function trackAt(trackId: TrackId, done: number, options: { paid?: boolean } = {}): Track {
  let track = newTrack(trackId);
  for (const stepId of TRACK_STEPS[trackId].slice(0, done)) {
    const payload = (VALID_DRAFTS[trackId][stepId] ?? {}) as Record<string, unknown>;
    track = trackAfterSubmission(track, stepId, payload, stepId !== 'subscription');
    if (stepId === 'subscription' && options.paid !== false) track = trackAfterCompletion(track, 'subscription');
  }
  return track;
}
