import type { EventObject } from 'xstate';
import type { CompanyStatus } from '@domain';
import { COMPANY_STATUSES } from '@domain';
import type { CompanyStatusContext } from '@machines/companyStatus.machine';
import { companyStatusMachine } from '@machines/companyStatus.machine';
import type { MachineModel } from './model';

const events = COMPANY_STATUSES.map((to) => ({ type: 'status.change', to })) as EventObject[];

const TRACKS = { 'create-company': 'opening', 'migrate-company': 'changing accountant', none: 'no track' } as const;
const trackOf = ({ trackId }: CompanyStatusContext) => TRACKS[trackId ?? 'none'];
/** The facts the lifecycle's conditions read: the company's track, and whether it has a CNPJ. */
const classOf = (context: CompanyStatusContext) => `${trackOf(context)}, ${context.hasCnpj ? 'a CNPJ' : 'no CNPJ'}`;
const CLASSES = Object.values(TRACKS).flatMap((track) => [`${track}, a CNPJ`, `${track}, no CNPJ`]);
/** Where only one track leads (docs/rules.md's lifecycle): the classes of the other tracks never get there. */
const ONLY_ON: Record<string, (typeof TRACKS)[keyof typeof TRACKS]> = {
  'companyStatus.awaiting_opening': 'opening',
  'companyStatus.opening': 'opening',
  'companyStatus.migrating': 'changing accountant',
};

/** The statuses a company of each class can have, and so be disabled from. */
const LIVED: Record<string, CompanyStatus[]> = {
  'opening, a CNPJ': ['pending', 'awaiting_opening', 'opening', 'active', 'overdue'],
  'opening, no CNPJ': ['pending', 'awaiting_opening', 'opening'],
  'changing accountant, a CNPJ': ['pending', 'migrating', 'active', 'overdue'],
  'changing accountant, no CNPJ': ['pending', 'migrating', 'active', 'overdue'],
  // Created by the team before the customer chose a track (not in the browser's model: the team's page has none).
  'no track, a CNPJ': ['pending'],
  'no track, no CNPJ': ['pending'],
};
/** The starting points written first (the browser's model names its paths by them), by class and previous status. */
const FIRST_SCENARIOS = new Set([
  ...['pending', 'awaiting_opening', 'migrating', 'opening', 'active', 'overdue'].map((s) => `opening, a CNPJ | ${s}`),
  'changing accountant, no CNPJ | pending',
  'changing accountant, a CNPJ | migrating',
]);
function inputOf(cls: string, previousStatus: CompanyStatus): CompanyStatusContext {
  const trackId = cls.startsWith('opening') ? 'create-company' : cls.startsWith('changing') ? 'migrate-company' : null;
  return { trackId, hasCnpj: cls.endsWith('a CNPJ'), previousStatus };
}
const STATUSES_BACK = COMPANY_STATUSES.filter((status) => status !== 'disabled');

export const companyStatusModel: MachineModel = {
  machine: companyStatusMachine,
  // Both tracks, with and without a CNPJ, and a company disabled from each status it can have.
  scenarios: [
    ...COMPANY_STATUSES.filter((status) => status !== 'disabled').map((previousStatus) => ({
      name: `opening a company with its CNPJ, disabled while ${previousStatus}`,
      input: { trackId: 'create-company', hasCnpj: true, previousStatus },
      events,
    })),
    {
      name: 'opening a company without a CNPJ yet',
      input: { trackId: 'create-company', hasCnpj: false, previousStatus: null },
      events,
    },
    {
      name: 'changing accountant, disabled while pending',
      input: { trackId: 'migrate-company', hasCnpj: false, previousStatus: 'pending' },
      events,
    },
    {
      name: 'changing accountant, disabled while migrating',
      input: { trackId: 'migrate-company', hasCnpj: true, previousStatus: 'migrating' },
      events,
    },
    // The other statuses each kind of company lives, disabled from each (the lifecycle, docs/rules.md, as a literal
    // table): the way back from "disabled" is taken in every class of context that can take it.
    ...Object.entries(LIVED).flatMap(([cls, statuses]) =>
      statuses
        .filter((status) => !FIRST_SCENARIOS.has(`${cls} | ${status}`))
        .map((previousStatus) => ({
          name: `${cls}, disabled while ${previousStatus}`,
          input: inputOf(cls, previousStatus),
          events,
        })),
    ),
  ],
  context: {
    classOf: (snapshot) => classOf(snapshot.context as CompanyStatusContext),
    classes: CLASSES,
    unreachable: [
      ...Object.entries(ONLY_ON).flatMap(([from, track]) =>
        CLASSES.filter((cls) => !cls.startsWith(`${track},`)).map((cls) => ({
          from,
          class: cls,
          why: `only a company ${track === 'opening' ? 'opening with us' : 'changing accountant'} gets there`,
        })),
      ),
      // Pending, a company opening with us waits for its opening; one changing accountant is taken over.
      ...CLASSES.filter((cls) => !cls.startsWith('opening,')).map((cls) => ({
        from: 'companyStatus.pending',
        transition: 'status.change #0',
        class: cls,
        why: 'only a company opening with us waits for its opening',
      })),
      ...CLASSES.filter((cls) => !cls.startsWith('changing accountant,')).map((cls) => ({
        from: 'companyStatus.pending',
        transition: 'status.change #1',
        class: cls,
        why: 'only a company changing accountant is taken over',
      })),
      {
        from: 'companyStatus.opening',
        transition: 'status.change #0',
        class: 'opening, no CNPJ',
        why: 'a company opens once the Receita gives it a CNPJ',
      },
      // Without a track a company stays pending, or is disabled and enabled back to pending.
      ...['no track, a CNPJ', 'no track, no CNPJ'].flatMap((cls) => [
        ...['companyStatus.active', 'companyStatus.overdue'].map((from) => ({
          from,
          class: cls,
          why: 'without a track a company never leaves pending but to be disabled',
        })),
      ]),
      // Enabled again, a company returns to the status it had: never one its class does not live.
      ...CLASSES.flatMap((cls) =>
        STATUSES_BACK.filter((status) => !LIVED[cls]!.includes(status) && !FIRST_SCENARIOS.has(`${cls} | ${status}`)).map(
          (status) => ({
            from: 'companyStatus.disabled',
            transition: `status.change #${STATUSES_BACK.indexOf(status)}`,
            class: cls,
            why: `a company of this kind is never ${status}, so never disabled from there`,
          }),
        ),
      ),
      { from: 'companyStatus.active', class: 'opening, no CNPJ', why: 'a company opens once the Receita gives it a CNPJ' },
      { from: 'companyStatus.overdue', class: 'opening, no CNPJ', why: 'a company opens once the Receita gives it a CNPJ' },
    ],
  },
};
