import type { NfseEmissionView } from '@domain/nfseEmission';

/** An emission as the API shows it (domain/nfseEmission.ts): ready, tried once, nothing issued; change what a test needs. */
export const emissionView = (changes: Partial<NfseEmissionView> = {}): NfseEmissionView => ({
  state: 'ready',
  dpsId: `DPS3550308212345678000195000010${'0'.repeat(14)}1`,
  dpsNumber: '1',
  dpsSeries: '1',
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  errors: [],
  problem: null,
  accessKey: null,
  nfseNumber: null,
  issuedAt: null,
  cancelledAt: null,
  cancellationReason: null,
  hasSignedDps: false,
  hasCancellationRequest: false,
  substitutes: null,
  substitutedBy: null,
  updatedAt: '2026-11-27T12:00:00.000Z',
  ...changes,
});
