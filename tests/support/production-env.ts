/**
 * A production configuration `loadConfig` accepts: every outside service named, its secrets set, a real Firebase
 * project and no Auth emulator. Tests of what production requires leave one setting out of it.
 */
export const PRODUCTION_ENV = {
  APP_ENV: 'production',
  VIACEP_URL: 'https://viacep.com.br',
  CNPJ_API_URL: 'https://brasilapi.com.br',
  PAYMENTS_URL: 'https://pagamentos.exemplo.com',
  PAYMENTS_API_KEY: 'k',
  PAYMENTS_WEBHOOK_SECRET: 's',
  PUBLIC_URL: 'https://contabil.com.br',
  TOKEN_ENCRYPTION_KEY: 'x',
  NFSE_NACIONAL_URL: 'https://sefin.nfse.gov.br/SefinNacional',
  FIREBASE_PROJECT_ID: 'contabil-prod',
  FIREBASE_AUTH_EMULATOR_HOST: '',
} as const;
