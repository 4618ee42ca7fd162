/**
 * A company's fiscal profile for the national NFS-e: what every DPS it issues carries besides the request itself.
 * The team edits it; the customer sees it.
 */
import * as v from 'valibot';
import { onlyDigits } from './digits';
import { isIbgeCityCode, isOwnApplicationSeries } from './nfseNacional';

/** The product's tax regimes, each mapped to the DPS `regTrib` fields by `regTribFor`. */
export const TAX_REGIMES = ['mei', 'simples', 'other'] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

export const TAX_REGIME_LABEL: Record<TaxRegime, string> = {
  mei: 'MEI (Microempreendedor Individual)',
  simples: 'Simples Nacional (ME/EPP)',
  other: 'Outro regime (Lucro Presumido ou Real)',
};

/** `regApTribSN`, only for a Simples Nacional ME/EPP: where its taxes are computed after passing a sub-limit. */
export const SIMPLES_APPORTIONMENTS = ['1', '2', '3'] as const;
export type SimplesApportionment = (typeof SIMPLES_APPORTIONMENTS)[number];
export const SIMPLES_APPORTIONMENT_LABEL: Record<SimplesApportionment, string> = {
  '1': 'Tributos federais e ISS pelo Simples Nacional',
  '2': 'Tributos federais pelo Simples Nacional e ISS fora dele',
  '3': 'Tributos federais e ISS fora do Simples Nacional',
};

/** `regEspTrib`: the municipal special regime, "0" for none. */
export const SPECIAL_REGIMES = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type SpecialRegime = (typeof SPECIAL_REGIMES)[number];
export const SPECIAL_REGIME_LABEL: Record<SpecialRegime, string> = {
  '0': 'Nenhum',
  '1': 'Ato cooperado (cooperativa)',
  '2': 'Estimativa',
  '3': 'Microempresa municipal',
  '4': 'Notário ou registrador',
  '5': 'Profissional autônomo',
  '6': 'Sociedade de profissionais',
};

/** The DPS `regTrib` group: `opSimpNac` 1 not opting / 2 MEI / 3 ME-EPP; `regApTribSN` only for 3. */
export type RegTrib = {
  opSimpNac: '1' | '2' | '3';
  regApTribSN?: SimplesApportionment;
  regEspTrib: SpecialRegime;
};

export function regTribFor(profile: {
  taxRegime: TaxRegime;
  simplesApportionment?: SimplesApportionment;
  specialRegime?: SpecialRegime;
}): RegTrib {
  const regEspTrib = profile.specialRegime ?? '0';
  switch (profile.taxRegime) {
    case 'mei':
      return { opSimpNac: '2', regEspTrib };
    case 'simples':
      return { opSimpNac: '3', regApTribSN: profile.simplesApportionment ?? '1', regEspTrib };
    case 'other':
      return { opSimpNac: '1', regEspTrib };
  }
}

/**
 * Whether `pAliq` goes in, as the rules E0600–E0640 decide: never for an MEI, a special regime or a service without
 * ISS; for a non-optant only when the city is not on the national system (which otherwise applies its own rate); for
 * an ME/EPP paying ISS in the DAS only when the taker withholds it; for an ME/EPP paying ISS outside the DAS only
 * when the city is not on the national system. `cityActive` undefined (the parameters could not be read) is taken as
 * active: every municipality joins the national system in 2026 (LC 214/2025).
 */
export function sendsIssRate(
  regTrib: RegTrib,
  { taxable, withheld, cityActive = true }: { taxable: boolean; withheld: boolean; cityActive?: boolean },
): boolean {
  if (!taxable || regTrib.opSimpNac === '2' || regTrib.regEspTrib !== '0') return false;
  if (regTrib.opSimpNac === '1') return !cityActive;
  if (regTrib.regApTribSN === '1') return withheld;
  return !cityActive;
}

export const FISCAL_PROFILE_MESSAGES = {
  cityIbgeCode: 'Informe o código IBGE do município da empresa (7 dígitos).',
  taxRegime: 'Escolha o regime tributário.',
  serviceCode:
    'Código de tributação nacional deve ter 6 dígitos: item e subitem da LC 116/2003 e o desdobro nacional (ex.: 010701).',
  nbsCode: 'Código NBS deve ter 9 dígitos (ex.: 1.1502.10.00).',
  municipalServiceCode: 'Código de tributação municipal deve ter 3 dígitos.',
  municipalRegistration: 'Inscrição municipal deve ter no máximo 15 caracteres.',
  issRate: 'Alíquota do ISS deve estar entre 2% e 5%.',
  issRateReduced: 'Alíquota do ISS deve estar entre 0% e 5%.',
  dpsSeries: 'Série da DPS deve ser um número de 1 a 49999.',
  simplesTaxRate: 'Percentual aproximado dos tributos do Simples Nacional deve estar entre 0% e 100%.',
  federalTaxRate: 'Percentual aproximado dos tributos federais deve estar entre 0% e 100%.',
  simplesApportionment: 'Escolha como o Simples Nacional apura os tributos.',
  specialRegime: 'Escolha o regime especial de tributação (ou "Nenhum").',
  otherServiceCodes:
    'Outros serviços: informe códigos de tributação nacional de 6 dígitos separados por vírgula (ex.: 01.07.01, 17.01.01).',
  tooManyServices: 'Informe no máximo 20 outros serviços.',
} as const;

/** How many services besides the main one a company may offer its customers to choose from. */
export const MAX_OTHER_SERVICES = 20;

/**
 * LC 116/2003 has items 1 to 40; the national list adds item 99 (services without ISS and ICMS, 99.01.01). Each code
 * is item + subitem + national breakdown, none of them 00.
 */
export function isNationalServiceCodeShape(code: string): boolean {
  if (!/^[0-9]{6}$/.test(code)) return false;
  const item = Number(code.slice(0, 2));
  return ((item >= 1 && item <= 40) || item === 99) && code.slice(2, 4) !== '00' && code.slice(4, 6) !== '00';
}

/** "010701" → "01.07.01", as the DANFSe and the screens show it; anything else as it is. */
export function formatNationalServiceCode(code: string): string {
  return isNationalServiceCodeShape(code) ? `${code.slice(0, 2)}.${code.slice(2, 4)}.${code.slice(4, 6)}` : code;
}

/** Subitems the minimum ISS rate of 2 % does not bind (LC 116/2003, art. 8º-A, § 1º): 7.02, 7.05 and 16.01. */
const REDUCED_RATE_SUBITEMS = ['0702', '0705', '1601'];

/** A percentage typed "2,5", "2.50", 2.5 or "2,5 %" → 2.5 (two decimals at most, within [0, max]); blank → undefined. */
const percentSchema = (max: number, message: string) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.string()], message),
      v.transform((value) =>
        typeof value === 'number'
          ? value
          : value.trim() === ''
            ? undefined
            : Number(value.replace('%', '').trim().replace(',', '.')),
      ),
      v.union([v.undefined(), v.pipe(v.number(), v.finite(message))], message),
      v.check(
        (rate) => rate === undefined || (rate >= 0 && rate <= max && Math.abs(Math.round(rate * 100) - rate * 100) < 1e-9),
        message,
      ),
    ),
  );

/** The ISS rate: 0 to 5 % (the 2 % floor is checked against the service below). */
const IssRateSchema = percentSchema(5, FISCAL_PROFILE_MESSAGES.issRateReduced);

const optionalCode = (length: number, message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.transform((value) => onlyDigits(value)),
      v.check((value) => value === '' || value.length === length, message),
      v.transform((value) => (value === '' ? undefined : value)),
    ),
  );

/** The fiscal profile as the team saves it (`PUT` of the profile; the certificate travels apart, as a file). */
export const FiscalProfileSchema = v.pipe(
  v.object({
    /** `prest/IM`: not every city gives one (an MEI often has none). */
    municipalRegistration: v.optional(
      v.pipe(
        v.string(FISCAL_PROFILE_MESSAGES.municipalRegistration),
        v.trim(),
        v.maxLength(15, FISCAL_PROFILE_MESSAGES.municipalRegistration),
        v.transform((value) => (value === '' ? undefined : value)),
      ),
    ),
    /** The IBGE code of the company's city: `cLocEmi` and, by default, where the service is provided. */
    cityIbgeCode: v.pipe(
      v.string(FISCAL_PROFILE_MESSAGES.cityIbgeCode),
      v.transform(onlyDigits),
      v.check(isIbgeCityCode, FISCAL_PROFILE_MESSAGES.cityIbgeCode),
    ),
    taxRegime: v.picklist(TAX_REGIMES, FISCAL_PROFILE_MESSAGES.taxRegime),
    /** Only for Simples Nacional ME/EPP; "1" (everything inside the Simples) when not said. */
    simplesApportionment: v.optional(v.picklist(SIMPLES_APPORTIONMENTS, FISCAL_PROFILE_MESSAGES.simplesApportionment)),
    specialRegime: v.optional(v.picklist(SPECIAL_REGIMES, FISCAL_PROFILE_MESSAGES.specialRegime), '0'),
    /** The default `cTribNac` (6 digits), typed with or without dots ("01.07.01"). */
    serviceCode: v.pipe(
      v.string(FISCAL_PROFILE_MESSAGES.serviceCode),
      v.transform(onlyDigits),
      v.check(isNationalServiceCodeShape, FISCAL_PROFILE_MESSAGES.serviceCode),
    ),
    /**
     * The company's other services its customers may choose on a request (national codes, typed as a list separated
     * by commas, spaces or lines, with or without dots). They take no NBS nor municipal code: those are the main one's.
     */
    otherServiceCodes: v.optional(
      v.pipe(
        v.union([v.string(), v.array(v.string())], FISCAL_PROFILE_MESSAGES.otherServiceCodes),
        v.transform((value) =>
          (Array.isArray(value) ? value : value.split(/[\s,;]+/)).map(onlyDigits).filter((code) => code !== ''),
        ),
        v.check((codes) => codes.every(isNationalServiceCodeShape), FISCAL_PROFILE_MESSAGES.otherServiceCodes),
        v.transform((codes) => [...new Set(codes)]),
        v.maxLength(MAX_OTHER_SERVICES, FISCAL_PROFILE_MESSAGES.tooManyServices),
      ),
      [],
    ),
    /** `cNBS`, 9 digits, typed with or without dots ("1.1502.10.00"). */
    nbsCode: optionalCode(9, FISCAL_PROFILE_MESSAGES.nbsCode),
    /** `cTribMun`, when the city has its own breakdown of the national code. */
    municipalServiceCode: optionalCode(3, FISCAL_PROFILE_MESSAGES.municipalServiceCode),
    /** The ISS rate in percent, e.g. 2.5. An MEI pays its ISS in the fixed DAS and needs none. */
    issRate: IssRateSchema,
    /** The DPS series, 1 to 49999: the range of an emitter's own application ("1" when not said). */
    dpsSeries: v.optional(
      v.pipe(
        v.string(FISCAL_PROFILE_MESSAGES.dpsSeries),
        v.trim(),
        v.check(isOwnApplicationSeries, FISCAL_PROFILE_MESSAGES.dpsSeries),
        v.transform((series) => String(Number(series))),
      ),
      '1',
    ),
    /**
     * An ME/EPP's approximate tax percentage (`pTotTribSN`, Lei 12.741/2012): the effective rate of its DAS. Every
     * ME/EPP invoice carries it (rule E0712).
     */
    simplesTaxRate: percentSchema(100, FISCAL_PROFILE_MESSAGES.simplesTaxRate),
    /** Outside the Simples, the approximate federal taxes on the service, in percent (`pTotTribFed`). */
    federalTaxRate: percentSchema(100, FISCAL_PROFILE_MESSAGES.federalTaxRate),
  }),
  v.forward(
    v.partialCheck(
      [['serviceCode'], ['issRate']],
      ({ serviceCode, issRate }) =>
        issRate === undefined || issRate >= 2 || REDUCED_RATE_SUBITEMS.includes(serviceCode.slice(0, 4)),
      FISCAL_PROFILE_MESSAGES.issRate,
    ),
    ['issRate'],
  ),
  // The apportionment means something only to a Simples Nacional ME/EPP: dropped for the others.
  // The approximate total of taxes is the Simples percentage for an ME/EPP, the federal one outside it, none for an MEI.
  v.transform((profile) => ({
    ...profile,
    otherServiceCodes: profile.otherServiceCodes.filter((code) => code !== profile.serviceCode),
    simplesApportionment: profile.taxRegime === 'simples' ? (profile.simplesApportionment ?? '1') : undefined,
    simplesTaxRate: profile.taxRegime === 'simples' ? profile.simplesTaxRate : undefined,
    federalTaxRate: profile.taxRegime === 'other' ? profile.federalTaxRate : undefined,
  })),
);
export type FiscalProfileInput = v.InferInput<typeof FiscalProfileSchema>;
export type FiscalProfile = v.InferOutput<typeof FiscalProfileSchema>;

/** The services a company's customers may choose on a request: the main one first, then the others. */
export function companyServiceCodes(profile: Pick<FiscalProfile, 'serviceCode' | 'otherServiceCodes'>): string[] {
  return [profile.serviceCode, ...profile.otherServiceCodes.filter((code) => code !== profile.serviceCode)];
}

/**
 * The profile an invoice of one of the company's services is built with: the main service keeps its NBS and municipal
 * codes; another one goes without them (they describe the main service). Null when the company does not offer it.
 */
export function profileForService(profile: FiscalProfile, serviceCode: string | null | undefined): FiscalProfile | null {
  if (!serviceCode || serviceCode === profile.serviceCode) return profile;
  if (!profile.otherServiceCodes.includes(serviceCode)) return null;
  return { ...profile, serviceCode, nbsCode: undefined, municipalServiceCode: undefined };
}

/** A real A1 file (PKCS#12) is a few kilobytes; anything past this is not one. */
export const MAX_CERTIFICATE_BYTES = 50 * 1024;
/** The names an A1 file goes by; the upload's `accept` and both checks use them. */
export const CERTIFICATE_FILE_EXTENSIONS = ['.pfx', '.p12'] as const;

/** What is wrong with the certificate the team sends, before its content is read (the screen and the server say the same). */
export const CERTIFICATE_FILE_MESSAGES = {
  file: 'Envie o arquivo do certificado A1 (.pfx ou .p12).',
  extension: 'O certificado deve ser um arquivo .pfx ou .p12 (certificado A1).',
  tooLarge: 'O arquivo passa de 50 KB: um certificado A1 (.pfx ou .p12) tem poucos kilobytes.',
  password: 'Informe a senha do certificado.',
} as const;

/**
 * The certificate upload's file and password, by field (`file`, `password`), before anything is read: no file or an
 * empty one, another extension, more than 50 KB; no password. Empty when both may go.
 */
export function certificateUploadErrors(
  file: { name: string; size: number } | null | undefined,
  password: string,
): Partial<Record<'file' | 'password', string>> {
  const errors: Partial<Record<'file' | 'password', string>> = {};
  const name = file?.name.toLowerCase() ?? '';
  if (!file || file.size === 0) errors.file = CERTIFICATE_FILE_MESSAGES.file;
  else if (!CERTIFICATE_FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    errors.file = CERTIFICATE_FILE_MESSAGES.extension;
  } else if (file.size > MAX_CERTIFICATE_BYTES) errors.file = CERTIFICATE_FILE_MESSAGES.tooLarge;
  if (!password) errors.password = CERTIFICATE_FILE_MESSAGES.password;
  return errors;
}

/** A certificate is warned about this many days before it expires (docs/nfse.md). */
export const CERTIFICATE_WARNING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CertificateStatus = {
  status: 'valid' | 'expiring' | 'expired';
  /** Whole days left until it expires (0 on its last day, negative once expired). */
  daysLeft: number;
  message: string;
};

/** dd/mm/aaaa in America/Sao_Paulo. */
function brazilianDate(date: Date): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(date);
}

/** What the team is told about the company's A1 certificate, from its expiry. */
export function certificateStatus(notAfter: Date, now: Date): CertificateStatus {
  const daysLeft = Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS);
  const when = brazilianDate(notAfter);
  if (notAfter.getTime() <= now.getTime()) {
    return { status: 'expired', daysLeft, message: `O certificado digital venceu em ${when}. Envie um certificado novo.` };
  }
  if (daysLeft < CERTIFICATE_WARNING_DAYS) {
    const days = daysLeft === 0 ? 'hoje' : daysLeft === 1 ? 'em 1 dia' : `em ${daysLeft} dias`;
    return {
      status: 'expiring',
      daysLeft,
      message: `O certificado digital vence ${days} (${when}). Providencie a renovação.`,
    };
  }
  return { status: 'valid', daysLeft, message: `Certificado digital válido até ${when}.` };
}
