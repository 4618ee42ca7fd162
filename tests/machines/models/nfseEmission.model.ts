import type { EventObject } from 'xstate';
import type { ExplainedNationalError } from '@domain/nfseErrors';
import { explainNationalError } from '@server/nfse/errors';
import type {
  BuiltDps,
  IssuedNfse,
  LookupOutcome,
  NfseEmissionContext,
  NfseEmissionInput,
  SendOutcome,
  SignedDps,
  ValidationOutcome,
} from '@machines/nfseEmission.machine';
import { nfseEmissionMachine } from '@machines/nfseEmission.machine';
import type { MachineModel } from './model';

const DPS_ID = 'DPS355030821234567800019500001000000000000042';

export const BUILT: BuiltDps = { id: DPS_ID, xml: '<DPS><infDPS Id="…"/></DPS>' };
export const SIGNED: SignedDps = {
  id: DPS_ID,
  signedXml: '<DPS><infDPS Id="…"/><Signature/></DPS>',
  body: { dpsXmlGZipB64: 'H4sI…' },
};
export const NFSE: IssuedNfse = {
  accessKey: '35503082212345678000195000000000004226031234567890',
  number: '42',
  xml: '<NFSe/>',
};
export const INVALID: Extract<ValidationOutcome, { ok: false }> = {
  ok: false,
  message: 'Nome ou razão social do tomador: tem 301 caracteres; o máximo é 300.',
  issues: [
    { path: 'infDPS/toma/xNome', field: 'Nome ou razão social do tomador', message: 'tem 301 caracteres; o máximo é 300.' },
  ],
};
export const REJECTION: ExplainedNationalError[] = [
  explainNationalError({
    code: 'E0310',
    description: 'O código de tributação nacional informado não existe conforme a lista de serviços nacional.',
  }),
];
export const BUILD_REFUSAL = 'A competência 12/2026 é posterior à data de emissão: emita a nota a partir do mês do serviço.';
export const VALIDATOR_BROKE = 'Os esquemas do leiaute nacional não puderam ser carregados.';
export const CERTIFICATE_EXPIRED = 'O certificado venceu em 01/03/2026.';
export const TIMEOUT = 'O Sistema Nacional não respondeu a tempo.';
export const SOCKET = 'socket hang up';
export const LOOKUP_503 = 'O Sistema Nacional está indisponível no momento.';
export const LOOKUP_BROKE = 'connect ECONNREFUSED 127.0.0.1:8443';

const sent = (output: SendOutcome) => ({ type: 'xstate.done.actor.sendDps', output });
const looked = (output: LookupOutcome) => ({ type: 'xstate.done.actor.lookupDps', output });

const events = [
  { type: 'xstate.done.actor.buildDps', output: BUILT },
  { type: 'xstate.error.actor.buildDps', error: new Error(BUILD_REFUSAL) },
  { type: 'xstate.done.actor.validateDps', output: { ok: true } },
  { type: 'xstate.done.actor.validateDps', output: INVALID },
  { type: 'xstate.error.actor.validateDps', error: new Error(VALIDATOR_BROKE) },
  { type: 'xstate.done.actor.signDps', output: SIGNED },
  { type: 'xstate.error.actor.signDps', error: new Error(CERTIFICATE_EXPIRED) },
  sent({ outcome: 'issued', nfse: NFSE }),
  sent({ outcome: 'rejected', errors: REJECTION }),
  sent({ outcome: 'uncertain', reason: TIMEOUT }),
  { type: 'xstate.error.actor.sendDps', error: new Error(SOCKET) },
  { type: 'xstate.after.checkDelay.nfseEmission.uncertain' },
  looked({ outcome: 'found', nfse: NFSE }),
  looked({ outcome: 'notFound' }),
  looked({ outcome: 'uncertain', reason: LOOKUP_503 }),
  { type: 'xstate.error.actor.lookupDps', error: new Error(LOOKUP_BROKE) },
] as EventObject[];

/**
 * Starting points: a new emission (the DPS built, validated and signed here), and the next run of one that could not
 * conclude (its signed DPS comes back, and is looked up before anything is sent). Two sends and two unanswered
 * lookups per run keep the graph small and still reach every limit.
 */
const LIMIT_CLASSES = [
  'a send left, a check left',
  'a send left, the last check',
  'no send left, a check left',
  'no send left, the last check',
] as const;
const lookups = (transition: string, classes: string[], why: string) =>
  classes.map((cls) => ({ from: 'nfseEmission.checking', transition, class: cls, why }));

export const nfseEmissionModel: MachineModel = {
  machine: nfseEmissionMachine,
  scenarios: (
    [
      ['a new emission', { maxSends: 2, maxChecks: 2, retryAfterSeconds: 600 }],
      ['the next run of an emission left uncertain', { signedDps: SIGNED, maxSends: 2, maxChecks: 2, retryAfterSeconds: 600 }],
    ] as [string, NfseEmissionInput][]
  ).map(([name, input]) => ({ name, input, events })),
  context: {
    // What the run has left of its limits: a DPS not found is sent again only with a send left, and an unanswered
    // lookup is tried again only with a check left.
    classOf: (snapshot) => {
      const { sends, maxSends, unansweredChecks, maxChecks } = snapshot.context as NfseEmissionContext;
      return `${sends < maxSends ? 'a send left' : 'no send left'}, ${unansweredChecks + 1 < maxChecks ? 'a check left' : 'the last check'}`;
    },
    classes: [...LIMIT_CLASSES],
    unreachable: [
      // Nothing is sent or looked up before the DPS is signed.
      ...['starting', 'preparing', 'validating', 'signing'].flatMap((from) =>
        LIMIT_CLASSES.slice(1).map((cls) => ({
          from: `nfseEmission.${from}`,
          class: cls,
          why: 'nothing is sent or looked up before the DPS is signed: no limit is used yet',
        })),
      ),
      // A lookup's answer: found; not found, sent again with a send left, or left for later without; no answer,
      // looked up again with a check left, or left for later at the last.
      ...lookups(
        'xstate.done.actor.lookupDps #1',
        ['no send left, a check left', 'no send left, the last check'],
        'a DPS not found is sent again only with a send left',
      ),
      ...lookups(
        'xstate.done.actor.lookupDps #2',
        ['a send left, a check left', 'a send left, the last check'],
        'with a send left, a DPS not found is sent again, not left for later',
      ),
      ...['xstate.done.actor.lookupDps #3', 'xstate.error.actor.lookupDps #0'].flatMap((transition) =>
        lookups(
          transition,
          ['a send left, the last check', 'no send left, the last check'],
          'at the last check an unanswered lookup is not tried again',
        ),
      ),
      ...['xstate.done.actor.lookupDps #4', 'xstate.error.actor.lookupDps #1'].flatMap((transition) =>
        lookups(
          transition,
          ['a send left, a check left', 'no send left, a check left'],
          'with a check left an unanswered lookup is tried again, not left for later',
        ),
      ),
    ],
  },
};
