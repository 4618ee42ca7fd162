import { companyMigrationWizardMachine } from '@machines/companyMigrationWizard.machine';
import { wizardModel } from './wizard.model';

export const companyMigrationWizardModel = wizardModel(companyMigrationWizardMachine, 'migrate-company');
