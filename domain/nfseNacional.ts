/**
 * Identifiers of the national NFS-e system (Sistema Nacional NFS-e, layout 1.01), as the XSD annotations define
 * them: the DPS id, the DPS number and series, and the NFS-e access key. A CNPJ may be alphanumeric (2026 format):
 * the ids carry its 14 characters as they are, upper case.
 */
import { normalizeCnpj, onlyDigits } from './digits';

/** `tpAmb`: 1 production, 2 restricted production ("homologação"). */
export const NFSE_ENVIRONMENTS = { production: '1', homologation: '2' } as const;
export type NfseEnvironment = keyof typeof NFSE_ENVIRONMENTS;

/** The federal inscription type in the DPS id and the access key: 1 CPF, 2 CNPJ. */
export const INSCRIPTION_TYPE_CODES = { cpf: '1', cnpj: '2' } as const;
export type InscriptionType = keyof typeof INSCRIPTION_TYPE_CODES;

/** `nDPS`: 1 to 15 digits, never starting with zero (XSD `TSNumDPS`). */
export const DPS_NUMBER_PATTERN = /^[1-9][0-9]{0,14}$/;
/** The DPS series this product accepts: 1 to 5 digits, since the id carries it as 5 digits. */
export const DPS_SERIES_PATTERN = /^[0-9]{1,5}$/;
/** The series an emitter's own application may use (Anexo I, `serie`: 00001 to 49999; refusal E0010). */
export const OWN_APPLICATION_SERIES = { min: 1, max: 49_999 } as const;
/** `infDPS/@Id` (XSD `TSIdDPS` of layout 1.01: a CPF is digits, a CNPJ may be alphanumeric). */
export const DPS_ID_PATTERN = /^DPS[0-9]{7}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{20}$/;
/**
 * An access key as the national system forms it (Anexo I, `infNFSe/Id`): the inscription (positions 10–23) may be an
 * alphanumeric CNPJ, everything else is digits.
 */
export const ACCESS_KEY_PATTERN = /^[0-9]{9}[0-9A-Z]{14}[0-9]{27}$/;
/** An IBGE municipality code: 7 digits. */
export const IBGE_CITY_PATTERN = /^[0-9]{7}$/;

/** The IBGE codes of the 27 federative units: the first two digits of every municipality's code. */
export const IBGE_STATE_CODES: readonly string[] = [
  '11', '12', '13', '14', '15', '16', '17', // North
  '21', '22', '23', '24', '25', '26', '27', '28', '29', // Northeast
  '31', '32', '33', '35', // Southeast
  '41', '42', '43', // South
  '50', '51', '52', '53', // Center-West
]; // prettier-ignore

/** Whether a 7-digit code can be a municipality's: its first two digits name a state. */
export function isIbgeCityCode(code: string): boolean {
  return IBGE_CITY_PATTERN.test(code) && IBGE_STATE_CODES.includes(code.slice(0, 2));
}

/** Whether the series is one an own application may use (E0010 otherwise). */
export function isOwnApplicationSeries(series: string): boolean {
  if (!DPS_SERIES_PATTERN.test(series)) return false;
  const value = Number(series);
  return value >= OWN_APPLICATION_SERIES.min && value <= OWN_APPLICATION_SERIES.max;
}

export function isDpsNumber(value: string): boolean {
  return DPS_NUMBER_PATTERN.test(value);
}

export function isAccessKey(value: string): boolean {
  return ACCESS_KEY_PATTERN.test(value);
}

export type DpsIdParts = {
  /** IBGE code of the city that issues (`cLocEmi`). */
  cityIbgeCode: string;
  inscriptionType: InscriptionType;
  /** The provider's CNPJ (14 characters, digits or the alphanumeric format) or CPF (11 digits). */
  inscription: string;
  /** The DPS series, 1 to 5 digits. */
  series: string;
  /** The DPS number, 1 to 15 digits without leading zero. */
  number: string;
};

/** Why the parts cannot make a DPS id, or null. */
export function dpsIdProblem(parts: DpsIdParts): string | null {
  if (!isIbgeCityCode(parts.cityIbgeCode)) return 'Código IBGE do município inválido (7 dígitos).';
  const typed = parts.inscription.replace(/[.\-/\s]/g, '');
  if (parts.inscriptionType === 'cnpj') {
    if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(normalizeCnpj(typed)) || /[^0-9A-Za-z]/.test(typed)) {
      return 'O CNPJ do prestador deve ter 14 caracteres (12 letras ou dígitos e 2 dígitos verificadores).';
    }
  } else if (!/^[0-9]{11}$/.test(typed)) return 'O CPF do prestador deve ter 11 dígitos.';
  if (!isOwnApplicationSeries(parts.series)) return 'Série da DPS deve ser um número de 1 a 49999.';
  if (!isDpsNumber(parts.number)) return 'Número da DPS deve ter de 1 a 15 dígitos, sem zero à esquerda.';
  return null;
}

/**
 * The DPS id (`infDPS/@Id`, 45 characters): "DPS" + IBGE city (7) + inscription type (1) + inscription (14, a CPF
 * left-padded with zeros) + series (5) + number (15), series and number left-padded with zeros.
 */
export function dpsId(parts: DpsIdParts): string {
  const problem = dpsIdProblem(parts);
  if (problem) throw new Error(problem);
  return [
    'DPS',
    parts.cityIbgeCode,
    INSCRIPTION_TYPE_CODES[parts.inscriptionType],
    parts.inscriptionType === 'cnpj' ? normalizeCnpj(parts.inscription) : onlyDigits(parts.inscription).padStart(14, '0'),
    parts.series.padStart(5, '0'),
    parts.number.padStart(15, '0'),
  ].join('');
}

/** The parts of a DPS id, or null when it is not one. */
export function parseDpsId(id: string): DpsIdParts | null {
  if (!DPS_ID_PATTERN.test(id)) return null;
  const typeCode = id.slice(10, 11);
  const inscriptionType = typeCode === '2' ? 'cnpj' : typeCode === '1' ? 'cpf' : null;
  if (!inscriptionType) return null;
  const inscription = id.slice(11, 25);
  const number = id.slice(30, 45).replace(/^0+/, '');
  if (!number) return null;
  return {
    cityIbgeCode: id.slice(3, 10),
    inscriptionType,
    inscription: inscriptionType === 'cpf' ? inscription.slice(3) : inscription,
    series: id.slice(25, 30).replace(/^0+(?=.)/, ''),
    number,
  };
}

export type AccessKeyParts = {
  /** IBGE code of the city that issued the NFS-e. */
  cityIbgeCode: string;
  /** The issuing environment's digit (the README's "issuing environment (1)"). */
  issuingEnvironment: string;
  inscriptionType: InscriptionType;
  /** The provider's CNPJ (alphanumeric or not), or CPF left-padded to 14 digits. */
  inscription: string;
  /** The NFS-e number, 13 digits. */
  nfseNumber: string;
  /** Year and month of issue, YYMM. */
  yearMonth: string;
  /** The numeric code, 9 digits. */
  numericCode: string;
  checkDigit: string;
};

/**
 * The parts of a 50-digit access key: city (7) + issuing environment (1) + inscription type (1) + inscription (14)
 * + NFS-e number (13) + year-month (4) + numeric code (9) + check digit (1). Only the shape is checked: how the
 * national system computes the check digit is not in the layout's annotations.
 */
export function parseAccessKey(key: string): AccessKeyParts | null {
  if (!isAccessKey(key)) return null;
  const typeCode = key.slice(8, 9);
  const inscriptionType = typeCode === '2' ? 'cnpj' : typeCode === '1' ? 'cpf' : null;
  if (!inscriptionType) return null;
  return {
    cityIbgeCode: key.slice(0, 7),
    issuingEnvironment: key.slice(7, 8),
    inscriptionType,
    inscription: key.slice(9, 23),
    nfseNumber: key.slice(23, 36),
    yearMonth: key.slice(36, 40),
    numericCode: key.slice(40, 49),
    checkDigit: key.slice(49, 50),
  };
}

/**
 * The check digit of an access key's first 49 characters: modulo 11 with weights 2 to 9 from the right, 0 for 10 and
 * 11 (the NF-e's rule; a letter of an alphanumeric CNPJ counts as its character code minus 48, as in the CNPJ's own
 * check digits). The layout does not say how the national system computes it: this is the local stand-in's rule, and
 * the product never rejects a key the national system issued for its check digit.
 */
export function accessKeyCheckDigit(first49: string): string {
  if (!/^[0-9]{9}[0-9A-Z]{14}[0-9]{26}$/.test(first49)) {
    throw new Error('A chave de acesso sem o dígito verificador tem 49 caracteres.');
  }
  let sum = 0;
  for (let i = 0; i < 49; i++) sum += (first49.charCodeAt(48 - i) - 48) * (2 + (i % 8));
  const digit = 11 - (sum % 11);
  return String(digit >= 10 ? 0 : digit);
}

/** An access key from its parts (see `parseAccessKey`), the check digit computed. */
export function accessKey(parts: Omit<AccessKeyParts, 'checkDigit'>): string {
  const first49 = [
    parts.cityIbgeCode,
    parts.issuingEnvironment,
    INSCRIPTION_TYPE_CODES[parts.inscriptionType],
    parts.inscription.padStart(14, '0'),
    parts.nfseNumber.padStart(13, '0'),
    parts.yearMonth,
    parts.numericCode.padStart(9, '0'),
  ].join('');
  return first49 + accessKeyCheckDigit(first49);
}
