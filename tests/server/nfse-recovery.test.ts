/**
 * A crash never leaves an invoice waiting on a person: an emission (or a cancellation) whose server died mid-run is
 * taken over once its lease runs out — the kept signed DPS looked up and the NFS-e recorded, or that same DPS sent
 * again — and never yields a second invoice. A run that is alive keeps its lease; a run whose lease was taken over
 * writes nothing. Crashed runs are written into the database as a dead server leaves them (state as it stood, the
 * signed DPS kept, a lease in the past); two service instances play two servers on one database.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth } from '@server/db/invoices';
import { documents, nfsRequestStatusChanges, nfsRequests, nfseEmissions } from '@server/db/schema';
import type { NfseStandIn } from '@server/fakes/nfse-nacional';
import { createNfseClient } from '@server/nfse/client';
import { prepareSignedCancellation } from '@server/nfse/event';
import { packXml } from '@server/nfse/package';
import type { NfseDeps, NfseEmissionService } from '@server/services/nfse-emission';
import { createNfseEmissionService } from '@server/services/nfse-emission';
import type { FileStorage } from '@server/services/storage';
import type { TestServer, TestUser } from '../support/server';
import type { NfseWorld } from '../support/nfse-world';
import { startNfseWorld } from '../support/nfse-world';

const CNPJ = '11444777000161';
const quiet = { info: () => {}, error: () => {} };

let standIn: NfseStandIn;
let server: TestServer;
let storage: FileStorage;
let nfse: NfseDeps;
let admin: TestUser;
let customer: TestUser;
let companyId: string;
let a1: { privateKeyPem: string; certificatePem: string };

/** A server of its own on the same database and stand-in (its own lease settings). */
const serverInstance = (overrides: Partial<NfseDeps> = {}): NfseEmissionService =>
  createNfseEmissionService({ db: server.db, storage, nfse: { ...nfse, ...overrides }, logger: quiet });

async function newRequest(description: string) {
  const { status, body } = await server.call(`/api/nfs/requests?companyId=${companyId}`, {
    method: 'POST',
    token: customer.token,
    body: {
      emissionType: 'cnpj',
      cnpj: '11.222.333/0001-81',
      totalValue: '980,00',
      customerName: 'Estúdio Aurora Design Ltda',
      description,
      competence: currentMonth(),
    },
  });
  expect(status).toBe(201);
  return body.data.id as string;
}

const emissionOf = async (requestId: string) =>
  (await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, requestId)))[0]!;
const requestOf = async (requestId: string) =>
  (await server.db.select().from(nfsRequests).where(eq(nfsRequests.id, requestId)))[0]!;
const historyOf = (requestId: string) =>
  server.db.select().from(nfsRequestStatusChanges).where(eq(nfsRequestStatusChanges.requestId, requestId));
const companyDocuments = async () =>
  (await server.db.select({ id: documents.id }).from(documents).where(eq(documents.companyId, companyId))).length;
const standInNfsesOf = (dpsId: string) => standIn.nfses().filter((nfse) => nfse.dpsId === dpsId);

/**
 * A request whose first run signed its DPS and sent it under `faults`, then — rewritten here — died before recording
 * anything: the row as that run left it ('ready', its signed DPS, its lease in the past), the request "Solicitada".
 */
async function crashedAfterSending(description: string, faults: Parameters<NfseStandIn['setFaults']>[0]) {
  const id = await newRequest(description);
  standIn.setFaults(faults);
  try {
    await serverInstance({ checkDelayMs: 5 }).emit(id);
  } finally {
    standIn.setFaults({});
  }
  await server.db
    .update(nfseEmissions)
    .set({
      state: 'ready',
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      leaseToken: 'the-dead-server-run',
      leaseUntil: new Date(Date.now() - 1_000),
    })
    .where(eq(nfseEmissions.requestId, id));
  await server.db.update(nfsRequests).set({ status: 'requested' }).where(eq(nfsRequests.id, id));
  await server.db
    .delete(nfsRequestStatusChanges)
    .where(and(eq(nfsRequestStatusChanges.requestId, id), eq(nfsRequestStatusChanges.toStatus, 'processing')));
  const emission = await emissionOf(id);
  expect(emission.signedDpsXml).toContain('<Signature');
  return { id, emission };
}

let world: NfseWorld;

beforeAll(async () => {
  world = await startNfseWorld();
  ({ standIn, server, companyId, admin, customer } = world);
  a1 = world.a1;
  nfse = world.nfse;
  storage = world.storage;
});

afterAll(() => world?.close());

describe('an emission whose server died', () => {
  it('is taken over once its lease ran out: the DPS looked up, the request issued with the NFS-e the national system issued', async () => {
    // Issued on the national side, the answer lost, no lookup answered; then the server died.
    const { id, emission } = await crashedAfterSending('Servidor morto depois do envio.', {
      commitThenDrop: 1,
      lookupUnavailable: 1,
    });
    const [atTheNationalSystem] = standInNfsesOf(emission.dpsId);
    expect(atTheNationalSystem).toBeDefined();
    const before = standIn.stats();

    // Another server's sweep.
    expect(await serverInstance().runDueRetries()).toBe(1);

    const request = await requestOf(id);
    expect(request).toMatchObject({
      status: 'issued',
      accessKey: atTheNationalSystem!.accessKey,
      invoiceNumber: atTheNationalSystem!.number,
    });
    expect(await emissionOf(id)).toMatchObject({
      state: 'issued',
      accessKey: atTheNationalSystem!.accessKey,
      dpsNumber: emission.dpsNumber,
      leaseToken: null,
      leaseUntil: null,
    });
    // Looked up, not sent: still one NFS-e for the DPS, none issued by the takeover.
    expect(standInNfsesOf(emission.dpsId)).toHaveLength(1);
    expect(standIn.stats().issued).toBe(before.issued);
    expect(standIn.stats().emissions).toBe(before.emissions);
    expect((await historyOf(id)).filter((change) => change.toStatus === 'issued')).toHaveLength(1);
    // Nothing left to resume.
    expect(await serverInstance().runDueRetries()).toBe(0);
  });

  it('sends the very same signed DPS when the national system never got it: one NFS-e, the same number', async () => {
    // Answered 503 before anything was done; then the server died.
    const { id, emission } = await crashedAfterSending('Servidor morto com o Sistema Nacional fora do ar.', { unavailable: 1 });
    expect(standInNfsesOf(emission.dpsId)).toHaveLength(0);
    const before = standIn.stats();

    expect(await serverInstance().runDueRetries()).toBe(1);

    const nationally = standInNfsesOf(emission.dpsId);
    expect(nationally).toHaveLength(1);
    expect(nationally[0]!.signedDpsXml).toBe(emission.signedDpsXml);
    expect(standIn.stats().issued - before.issued).toBe(1);
    expect(await requestOf(id)).toMatchObject({ status: 'issued', accessKey: nationally[0]!.accessKey });
  });

  it('builds and sends its DPS, with the number it was given, when the server died before signing it', async () => {
    const { id, emission } = await crashedAfterSending('Servidor morto antes de assinar.', { unavailable: 1 });
    await server.db.update(nfseEmissions).set({ signedDpsXml: null }).where(eq(nfseEmissions.requestId, id));

    expect(await serverInstance().runDueRetries()).toBe(1);

    const nationally = standInNfsesOf(emission.dpsId);
    expect(nationally).toHaveLength(1);
    expect(await emissionOf(id)).toMatchObject({ state: 'issued', dpsNumber: emission.dpsNumber, dpsId: emission.dpsId });
    expect((await requestOf(id)).accessKey).toBe(nationally[0]!.accessKey);
  });

  it('is resumed by the next click too, once the lease ran out, instead of "em andamento"', async () => {
    const { id, emission } = await crashedAfterSending('Servidor morto; a equipe clica de novo.', {
      commitThenDrop: 1,
      lookupUnavailable: 1,
    });
    const [atTheNationalSystem] = standInNfsesOf(emission.dpsId);
    const answer = await server.call(`/api/nfs/requests/${id}/emission`, { method: 'POST', token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'issued', accessKey: atTheNationalSystem!.accessKey });
    expect(standInNfsesOf(emission.dpsId)).toHaveLength(1);
  });
});

describe('a live run', () => {
  it('keeps its lease while the national system is slow: another server’s sweep takes nothing', async () => {
    const id = await newRequest('Sistema Nacional lento, servidor vivo.');
    // A lease of 600 ms renewed every 100 ms; the national answer takes 2.5 s.
    const slowServer = serverInstance({ leaseMs: 600, leaseRenewMs: 100, timeoutMs: 10_000 });
    standIn.setFaults({ slow: 1, slowMs: 2_500 });
    const before = standIn.stats();
    const running = slowServer.emit(id);
    try {
      await until(async () => standIn.stats().issued > before.issued);
      const first = await emissionOf(id);
      expect(first.leaseToken).toEqual(expect.any(String));
      // Well past the lease's length: only renewals keep it.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await serverInstance().runDueRetries()).toBe(0);
      const later = await emissionOf(id);
      expect(later.leaseToken).toBe(first.leaseToken);
      expect(later.leaseUntil!.getTime()).toBeGreaterThan(first.leaseUntil!.getTime());
    } finally {
      standIn.setFaults({});
    }
    const result = await running;
    expect(result.kind === 'done' && result.request.status).toBe('issued');
    expect(standIn.stats().issued - before.issued).toBe(1);
    expect(standIn.stats().emissions - before.emissions).toBe(1);
    expect(standIn.stats().lookups - before.lookups).toBe(0);
  });

  it('writes nothing once taken over: one "issued" line, one DANFSe and one XML, the taker’s', async () => {
    const id = await newRequest('Servidor travado, outro assume.');
    // A run whose renewals stall (none within the test): its lease is made to run out below.
    const stalled = serverInstance({ leaseMs: 60_000, leaseRenewMs: 60_000, timeoutMs: 10_000 });
    standIn.setFaults({ slow: 1, slowMs: 2_000 });
    const before = standIn.stats();
    const documentsBefore = await companyDocuments();
    const running = stalled.emit(id);
    let takenOver: Awaited<ReturnType<typeof emissionOf>>;
    try {
      // The DPS reached the national system; its answer is on its way back slowly.
      await until(async () => standIn.stats().issued > before.issued);
      const leased = await emissionOf(id);
      await server.db
        .update(nfseEmissions)
        .set({ leaseUntil: sql`now() - interval '1 second'` })
        .where(eq(nfseEmissions.id, leased.id));
      expect(await serverInstance().runDueRetries()).toBe(1);
      takenOver = await emissionOf(id);
      expect(takenOver).toMatchObject({ state: 'issued', leaseToken: null });
    } finally {
      standIn.setFaults({});
    }
    // The ex-owner's answer arrives now: it answers what the request came to, and wrote nothing of its own.
    const result = await running;
    expect(result.kind === 'done' && result.request.accessKey).toBe(takenOver.accessKey);
    expect(await emissionOf(id)).toEqual(takenOver);
    expect((await historyOf(id)).map((change) => change.toStatus)).toEqual(['requested', 'issued']);
    expect((await companyDocuments()) - documentsBefore).toBe(2);
    expect(standIn.stats().issued - before.issued).toBe(1);
  });
});

describe('a cancellation whose server died', () => {
  it('is resumed with the very request it kept: cancelled, one event at the national system', async () => {
    const id = await newRequest('Nota a cancelar; o servidor morre no meio.');
    const issued = await serverInstance().emit(id);
    expect(issued.kind === 'done' && issued.request.status).toBe('issued');
    const emission = await emissionOf(id);
    const reason = 'Serviço cancelado pelo tomador antes da execução.';
    const { signedXml } = prepareSignedCancellation(
      {
        accessKey: emission.accessKey!,
        authorCnpj: CNPJ,
        reasonCode: '2',
        reason,
        environment: 'homologation',
        requestedAt: new Date(),
      },
      a1,
    );
    // Sent and registered on the national side; the server died before recording the answer.
    const client = createNfseClient({ baseUrl: standIn.url, certificate: a1, trustedCaPem: [standIn.caCertificatePem] });
    try {
      const sent = await client.registerEvent(emission.accessKey!, {
        pedidoRegistroEventoXmlGZipB64: packXml(signedXml),
      });
      expect(sent.outcome).toBe('registered');
    } finally {
      client.close();
    }
    await server.db
      .update(nfseEmissions)
      .set({
        cancellationRequestXml: signedXml,
        cancellationReason: reason,
        leaseToken: 'the-dead-server-cancellation',
        leaseUntil: new Date(Date.now() - 1_000),
      })
      .where(eq(nfseEmissions.id, emission.id));

    expect(await serverInstance().runDueRetries()).toBe(1);

    expect(await requestOf(id)).toMatchObject({ status: 'cancelled', reason });
    expect(await emissionOf(id)).toMatchObject({ state: 'cancelled', cancellationReason: reason, leaseToken: null });
    expect(standIn.nfses().find((nfse) => nfse.accessKey === emission.accessKey)?.events).toHaveLength(1);
  });
});

describe('a substitution whose server died', () => {
  it('is resumed to exactly one substitute: the kept DPS looked up, both requests recorded, one event 105102', async () => {
    const oldId = await newRequest('Nota a substituir; o servidor morre no meio.');
    const issued = await serverInstance().emit(oldId);
    expect(issued.kind === 'done' && issued.request.status).toBe('issued');
    const old = await emissionOf(oldId);
    // The substitute issued on the national side, the answer lost, no lookup answered; then the server died.
    standIn.setFaults({ commitThenDrop: 1, lookupUnavailable: 1 });
    try {
      await serverInstance({ checkDelayMs: 5 }).substitute(oldId, {
        reasonCode: '05',
        reason: '',
        customerName: 'Aurora Comunicação Ltda',
      });
    } finally {
      standIn.setFaults({});
    }
    const [substitute] = await server.db.select().from(nfseEmissions).where(eq(nfseEmissions.replacesEmissionId, old.id));
    await server.db
      .update(nfseEmissions)
      .set({
        state: 'ready',
        attempts: 0,
        nextAttemptAt: null,
        lastError: null,
        leaseToken: 'the-dead-server-run',
        leaseUntil: new Date(Date.now() - 1_000),
      })
      .where(eq(nfseEmissions.id, substitute!.id));
    await server.db.update(nfsRequests).set({ status: 'requested' }).where(eq(nfsRequests.id, substitute!.requestId));
    expect(substitute!.signedDpsXml).toContain(`<chSubstda>${old.accessKey}</chSubstda>`);
    expect(standInNfsesOf(substitute!.dpsId)).toHaveLength(1);
    expect((await emissionOf(oldId)).state).toBe('issued');
    const before = standIn.stats();

    // Another server's sweep.
    expect(await serverInstance().runDueRetries()).toBe(1);

    const [atTheNationalSystem] = standInNfsesOf(substitute!.dpsId);
    expect(standInNfsesOf(substitute!.dpsId)).toHaveLength(1);
    expect(standIn.stats().issued).toBe(before.issued);
    expect(await emissionOf(substitute!.requestId)).toMatchObject({
      state: 'issued',
      accessKey: atTheNationalSystem!.accessKey,
      leaseToken: null,
    });
    expect(await requestOf(substitute!.requestId)).toMatchObject({ status: 'issued', customerName: 'Aurora Comunicação Ltda' });
    expect(await emissionOf(oldId)).toMatchObject({ state: 'substituted' });
    expect(await requestOf(oldId)).toMatchObject({ status: 'cancelled' });
    expect(
      standIn
        .nfses()
        .find((nfse) => nfse.accessKey === old.accessKey)
        ?.events.map((event) => event.type),
    ).toEqual(['105102']);
    expect((await historyOf(oldId)).filter((change) => change.toStatus === 'cancelled')).toHaveLength(1);
    // Nothing left to resume; the team asking again comes to the same substitute.
    expect(await serverInstance().runDueRetries()).toBe(0);
    const again = await serverInstance().substitute(oldId, { reasonCode: '05', reason: '' });
    expect(again.substitute.request.id).toBe(substitute!.requestId);
    expect(standIn.stats().issued).toBe(before.issued);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
