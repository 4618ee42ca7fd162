import { companyOpeningWizardMachine } from '@machines/companyOpeningWizard.machine';
import { wizardModel } from './wizard.model';

export const companyOpeningWizardModel = wizardModel(companyOpeningWizardMachine, 'create-company');
