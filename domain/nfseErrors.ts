/**
 * What the national NFS-e system (Sefin Nacional) answers when it refuses a document, and what the team reads: each
 * error code with a pt-BR explanation that says what to fix. The national answer's own text is always kept beside
 * it (`description`, `complement`): generic codes like E1235 say little without it.
 *
 * This table holds only the codes outside the official rule table (Anexo I): the reception's, seen in public client
 * libraries' reports (`documented: true`), and the stand-in's own for events (server/fakes/nfse-nacional.ts). Every
 * code of the official table is explained from the sheet's own message by server/nfse/errors.ts.
 */

/** One refusal as the national API lists it (`erros[]`: `Codigo`, `Descricao`, `Complemento`). */
export type NationalError = { code: string; description: string; complement?: string };

/** A refusal with what it means for the team, in Portuguese. */
export type ExplainedNationalError = NationalError & { explanation: string };

type ErrorEntry = { explanation: string; documented: boolean };

export const NATIONAL_ERRORS = {
  /** The gzip+base64 package could not be opened, or is not an XML document. */
  E1226: {
    documented: true,
    explanation:
      'O Sistema Nacional não conseguiu abrir o arquivo enviado (XML compactado inválido). Emita de novo; se persistir, avise o suporte.',
  },
  /** The DPS broke the XSD. */
  E1235: {
    documented: true,
    explanation:
      'A DPS não está de acordo com o leiaute nacional. O detalhe abaixo indica o campo; corrija o perfil fiscal ou a solicitação.',
  },
  /** The client certificate is not the provider's. */
  E0201: {
    documented: false,
    explanation: 'O certificado usado não é do CNPJ do prestador da DPS. Envie o certificado A1 da própria empresa.',
  },
  /** The event names an NFS-e the system does not have. */
  E0840: {
    documented: false,
    explanation: 'A NFS-e indicada não foi encontrada no Sistema Nacional. Confira a chave de acesso.',
  },
  /** A cancellation of an NFS-e already cancelled. */
  E0841: {
    documented: false,
    explanation: 'Esta NFS-e já está cancelada no Sistema Nacional.',
  },
  /** The event's author is not the NFS-e's provider. */
  E0842: {
    documented: false,
    explanation: 'Só o prestador que emitiu a NFS-e pode cancelá-la. Use o certificado da empresa emitente.',
  },
} as const satisfies Record<string, ErrorEntry>;

export type NationalErrorCode = keyof typeof NATIONAL_ERRORS;

/** The code and the national text, with the explanation the team reads (a code not in the table says so). */
export function explainNationalError(error: NationalError): ExplainedNationalError {
  const known = (NATIONAL_ERRORS as Record<string, ErrorEntry>)[error.code];
  return {
    ...error,
    explanation:
      known?.explanation ??
      `O Sistema Nacional recusou a DPS com o código ${error.code}. Leia a mensagem do Sistema Nacional abaixo e corrija o que ela indica.`,
  };
}

/** "E0310 — O código de tributação nacional … (texto do Sistema Nacional)", one line for lists and logs. */
export function nationalErrorLine(error: ExplainedNationalError): string {
  const national = [error.description, error.complement].filter(Boolean).join(' ');
  return `${error.code} — ${error.explanation}${national ? ` (Sistema Nacional: ${national})` : ''}`;
}

/** Why an emission did not end now, and what happens next: the request stays "processing". */
export const EMISSION_MESSAGES = {
  timeout: 'O Sistema Nacional não respondeu a tempo.',
  dropped: 'A conexão com o Sistema Nacional caiu antes da resposta.',
  unavailable: 'O Sistema Nacional está indisponível no momento.',
  unreachable: 'Não foi possível conectar ao Sistema Nacional.',
  unexpected: 'O Sistema Nacional deu uma resposta inesperada.',
  retryLater:
    'Não foi possível confirmar a emissão agora. A nota continua "Em processamento": a DPS será consultada antes de qualquer novo envio, então não haverá nota em dobro.',
} as const;
