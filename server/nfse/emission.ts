/**
 * An emission run on the server: the emission machine (machines/nfseEmission.machine.ts — the flow's one
 * definition) with the real steps — the DPS built from the request and the profile, checked against the layout 1.01
 * schema and the official business rules (validate.ts),
 * signed with the company's certificate, sent and looked up through the national API client. What it ends with is
 * the machine's output: the NFS-e, the national refusal explained, the problem that kept the DPS here, or a retry
 * plan carrying the signed DPS for the next run (which looks it up before anything else).
 */
import { createActor, fromPromise, toPromise } from 'xstate';
import type { BuiltDps, SignedDps, ValidationOutcome } from '@domain/nfseEmission';
import type { NfseEmissionInput, NfseEmissionOutput } from '@machines/nfseEmission.machine';
import { nfseEmissionMachine } from '@machines/nfseEmission.machine';
import type { NfseClient } from './client';
import type { DpsContext } from './dps';
import { buildDpsFromRequest } from './dps';
import { emissionRequestBody } from './package';
import type { SignatureAlgorithmName, SigningCredentials } from './signature';
import { signDps } from './signature';
import { validateDpsBeforeSending } from './validate';

export type EmissionSteps = {
  build: () => BuiltDps;
  validate: (dps: BuiltDps) => ValidationOutcome;
  sign: (dps: BuiltDps) => SignedDps;
  client: Pick<NfseClient, 'sendDps' | 'lookupDps'>;
};

export type EmissionRunOptions = NfseEmissionInput & {
  /** The wait before looking up a DPS left without an answer (the machine's `checkDelay`, 2 s by default). */
  checkDelayMs?: number;
};

/** Runs one emission with these steps to its end. */
export function runEmission(steps: EmissionSteps, options: EmissionRunOptions = {}): Promise<NfseEmissionOutput> {
  const { checkDelayMs, ...input } = options;
  const machine = nfseEmissionMachine.provide({
    actors: {
      buildDps: fromPromise(async () => steps.build()),
      validateDps: fromPromise(async ({ input: dps }: { input: BuiltDps }) => steps.validate(dps)),
      signDps: fromPromise(async ({ input: dps }: { input: BuiltDps }) => steps.sign(dps)),
      sendDps: fromPromise(({ input: dps }: { input: SignedDps }) => steps.client.sendDps(dps)),
      lookupDps: fromPromise(({ input: { id } }: { input: { id: string } }) => steps.client.lookupDps(id)),
    },
    ...(checkDelayMs === undefined ? {} : { delays: { checkDelay: checkDelayMs } }),
  });
  const actor = createActor(machine, { input });
  const done = toPromise(actor);
  actor.start();
  return done;
}

/** The real steps for a request: build from the request and the profile, validate, sign with the certificate. */
export function emissionSteps(
  context: DpsContext,
  credentials: SigningCredentials,
  client: EmissionSteps['client'],
  algorithm?: SignatureAlgorithmName,
): EmissionSteps {
  return {
    build: () => {
      const { id, xml } = buildDpsFromRequest(context);
      return { id, xml };
    },
    validate: (dps) =>
      validateDpsBeforeSending(dps.xml, {
        environment: context.environment,
        city: context.city,
        replaced:
          context.replaces && context.replacedDpsXml
            ? { accessKey: context.replaces.accessKey, dpsXml: context.replacedDpsXml }
            : undefined,
      }),
    sign: (dps) => {
      const signedXml = signDps(dps.xml, credentials, algorithm);
      return { id: dps.id, signedXml, body: emissionRequestBody(signedXml) };
    },
    client,
  };
}

/** Emits a request's DPS: a new emission, or — with `signedDps` from an earlier run's retry plan — its next run. */
export function emitNfse(
  context: DpsContext,
  credentials: SigningCredentials,
  client: EmissionSteps['client'],
  options: EmissionRunOptions & { algorithm?: SignatureAlgorithmName } = {},
): Promise<NfseEmissionOutput> {
  const { algorithm, ...run } = options;
  return runEmission(emissionSteps(context, credentials, client, algorithm), run);
}
