import {
  companyIdOf,
  finishedState,
  formStep,
  initialWizardContext,
  keepDrafts,
  revisits,
  routing,
  subscriptionStep,
  wizardSetup,
} from './onboarding';

/**
 * The company-migration wizard (changing accountant): CNPJ and current accountant → partners → subscription →
 * the Receita Federal record to confirm → what the previous accountant hands over → the team takes the company over.
 */
export const companyMigrationWizardMachine = wizardSetup.createMachine({
  id: 'wizard',
  initial: 'routing',
  context: initialWizardContext,
  on: { ...keepDrafts, ...revisits('migrate-company') },
  states: {
    routing: routing('migrate-company'),
    'pre-registration': formStep('pre-registration', { createsCompany: true, checksCnpj: true }),
    'partner-registration-basic': formStep('partner-registration-basic'),
    subscription: subscriptionStep(),
    'download-company-info': formStep('download-company-info', {
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'loadRegistration',
            src: 'loadRegistration',
            input: ({ context }) => ({ companyId: companyIdOf(context) }),
            onDone: {
              target: 'editing',
              actions: { type: 'storeRegistration', params: ({ event }) => ({ registration: event.output }) },
            },
            onError: [
              // A CNPJ the Receita Federal does not know (confirmed on the first step): the data are typed by hand.
              {
                guard: { type: 'registrationNotFound', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: 'clearErrors',
              },
              { target: 'unavailable', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** The Receita Federal could not be reached: try again, or type the data by hand. */
        unavailable: { on: { 'step.retry': 'loading', 'registration.skip': 'editing' } },
      },
    }),
    'migrate-accountant': formStep('migrate-accountant'),
    finished: finishedState(),
  },
});
