import { wizardModelSuite } from './wizard-driver';

/**
 * UI-level model test of the company-opening wizard: paths generated from its machine's graph (e2e/wizard-paths.ts,
 * from the model of tests/machines) drive the real wizard in Chromium (e2e/wizard-driver.ts).
 */
wizardModelSuite('create-company', 'opening wizard');
