import {
  finishedState,
  formStep,
  initialWizardContext,
  keepDrafts,
  revisits,
  routing,
  subscriptionStep,
  teamStep,
  wizardSetup,
} from './onboarding';

/**
 * The company-opening wizard: pre-registration → partner registration → subscription (plan and payment) →
 * awaiting the registration-fee guide (the team) → upload of the paid guide's receipt → the team opens the company.
 * The UI renders its state; the app provides the calls.
 */
export const companyOpeningWizardMachine = wizardSetup.createMachine({
  id: 'wizard',
  initial: 'routing',
  context: initialWizardContext,
  on: { ...keepDrafts, ...revisits('create-company') },
  states: {
    routing: routing('create-company'),
    'pre-registration': formStep('pre-registration', { createsCompany: true }),
    'partner-registration': formStep('partner-registration'),
    subscription: subscriptionStep(),
    'awaiting-guide': teamStep('awaiting-guide'),
    'upload-guide-receipt': formStep('upload-guide-receipt'),
    finished: finishedState(),
  },
});
