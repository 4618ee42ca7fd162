import { describe, expect, it } from 'vitest';
import type { MonthRevenue, Obligation, ObligationPayment } from '@domain';
import {
  annexFromCnaeNote,
  companyObligations,
  fatorRAdvice,
  meiActivityOf,
  nationalHoliday,
  nextBusinessDay,
  obligationKey,
  obligationRegime,
} from '@domain';

const revenue = (totalCents: number, extra: Partial<MonthRevenue> = {}): MonthRevenue => ({
  totalCents,
  issWithheldCents: 0,
  exportCents: 0,
  ...extra,
});
const paid = (paidAt: string): ObligationPayment => ({ paidAt, paidBy: null, guideDocumentId: null, receiptDocumentId: null });
const find = (list: Obligation[], kind: string, competence: string) => {
  const found = list.find((o) => o.kind === kind && o.competence === competence);
  if (!found) throw new Error(`no ${kind} ${competence}`);
  return found;
};

describe('due dates move to the next business day', () => {
  it.each([
    // Weekdays read off the calendar of each year.
    ['2026-04-20', '2026-04-20'], // a Monday
    ['2026-06-20', '2026-06-22'], // Saturday → Monday
    ['2026-12-20', '2026-12-21'], // Sunday → Monday
    ['2025-04-20', '2025-04-22'], // Easter Sunday → Monday 21 is Tiradentes → Tuesday
    ['2026-11-20', '2026-11-23'], // Friday, Consciência Negra (Lei 14.759/2023) → Monday
    ['2023-11-20', '2023-11-20'], // a Monday before Lei 14.759/2023: a business day
    ['2026-05-31', '2026-06-01'], // Sunday → Monday
    ['2026-04-03', '2026-04-06'], // Good Friday (Easter 5 April 2026) → Monday
  ])('%s → %s', (date, expected) => expect(nextBusinessDay(date)).toBe(expected));

  it('names the holidays', () => {
    expect(nationalHoliday('2025-04-18')).toBe('Paixão de Cristo'); // Easter 2025: 20 April
    expect(nationalHoliday('2026-10-12')).toBe('Nossa Senhora Aparecida');
    expect(nationalHoliday('2026-02-17')).toBeNull(); // Carnival: ponto facultativo, not a national holiday
  });
});

describe('a services MEI opened on 10 March 2026, seen on 28 November 2026', () => {
  const result = companyObligations({
    year: 2026,
    today: '2026-11-28',
    company: { regime: 'mei', activityStart: '2026-03-10', meiActivity: 'services' },
    revenue: { '2026-03': revenue(300_000), '2026-07': revenue(500_000), '2026-10': revenue(1_000_000) },
    payroll: {},
    payments: Object.fromEntries(
      ['2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08'].map((c) => [
        obligationKey('das_mei', c),
        paid('2026-09-01'),
      ]),
    ),
  });
  const dasMei = result.obligations.filter((o) => o.kind === 'das_mei');

  it('owes a DAS-MEI from March to December, R$ 86,05 each (5 % × R$ 1.621 + R$ 5 ISS)', () => {
    expect(dasMei.map((o) => o.competence)).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    for (const o of dasMei) expect(o.amountCents).toBe(8_605);
  });

  it('is due the 20th of the next month, moved off weekends and holidays', () => {
    expect(find(dasMei, 'das_mei', '2026-03').dueDate).toBe('2026-04-20');
    expect(find(dasMei, 'das_mei', '2026-05').dueDate).toBe('2026-06-22'); // 20 June is a Saturday
    expect(find(dasMei, 'das_mei', '2026-10').dueDate).toBe('2026-11-23'); // 20 Nov: Friday, Consciência Negra
    expect(find(dasMei, 'das_mei', '2026-11').dueDate).toBe('2026-12-21'); // a Sunday
    expect(find(dasMei, 'das_mei', '2026-12').dueDate).toBe('2027-01-20');
  });

  it('is paid, late or to do against today', () => {
    expect(find(dasMei, 'das_mei', '2026-08').status).toBe('paga');
    expect(find(dasMei, 'das_mei', '2026-09').status).toBe('atrasada'); // due 20 Oct
    expect(find(dasMei, 'das_mei', '2026-10').status).toBe('atrasada'); // due 23 Nov
    expect(find(dasMei, 'das_mei', '2026-11').status).toBe('a_fazer'); // due 21 Dec
  });

  it('files the DASN-SIMEI by 31 May 2027 with the year’s revenue, R$ 18.000,00', () => {
    const dasn = find(result.obligations, 'dasn_simei', '2026');
    expect(dasn).toMatchObject({ dueDate: '2027-05-31', amountCents: null, status: 'a_fazer', revenueCents: 1_800_000 });
  });

  it('has a limit of 10 months × R$ 6.750 = R$ 67.500,00 in its opening year', () => {
    expect(result.mei).toMatchObject({ limitCents: 6_750_000, revenueCents: 1_800_000, level: 'ok' });
  });
});

describe('the DASN-SIMEI prefilled from what we know', () => {
  const mei = (meiActivity: 'services' | 'commerce' | 'both', payroll: Record<string, number> = {}) =>
    find(
      companyObligations({
        year: 2026,
        today: '2026-11-28',
        company: { regime: 'mei', activityStart: '2025-01-02', meiActivity },
        // February and March typed by the team (before joining); our NFS-e from April.
        revenue: {
          '2026-02': revenue(400_000, { typedCents: 400_000 }),
          '2026-03': revenue(250_000, { typedCents: 250_000 }),
          '2026-04': revenue(300_000),
          '2026-09': revenue(120_000),
        },
        payroll,
        payments: {},
      }).obligations,
      'dasn_simei',
      '2026',
    ).dasnSimei;

  it('a services MEI: all of it services, R$ 10.700,00; no employee', () => {
    expect(mei('services')).toEqual({ commerceCents: 0, servicesCents: 1_070_000, toSplitCents: 0, hadEmployee: false });
  });
  it('a shop: the typed revenue is commerce, the NFS-e services', () => {
    expect(mei('commerce')).toEqual({ commerceCents: 650_000, servicesCents: 420_000, toSplitCents: 0, hadEmployee: false });
  });
  it('both: the typed revenue waits to be split', () => {
    expect(mei('both')).toEqual({ commerceCents: 0, servicesCents: 420_000, toSplitCents: 650_000, hadEmployee: false });
  });
  it('an employee when a payroll was stated in the year', () => {
    expect(mei('services', { '2026-06': 151_800 })?.hadEmployee).toBe(true);
    expect(mei('services', { '2025-06': 151_800, '2026-06': 0 })?.hadEmployee).toBe(false);
  });
});

describe('a Simples Nacional company in Anexo III opened in March 2026 (opening-year RBT12)', () => {
  const result = companyObligations({
    year: 2026,
    today: '2026-11-28',
    company: { regime: 'simples', activityStart: '2026-03-02', annex: 'III' },
    revenue: {
      '2026-03': revenue(1_000_000),
      '2026-04': revenue(2_000_000),
      '2026-05': revenue(1_500_000),
      '2026-06': revenue(3_500_000),
      '2026-07': revenue(2_000_000),
    },
    payroll: {},
    payments: { [obligationKey('das', '2026-03')]: paid('2026-04-15') },
  });
  const das = (c: string) => find(result.obligations, 'das', c);

  it('March, the first month: RBT12 = 10.000 × 12 = 120.000, 6 %: R$ 600,00', () => {
    expect(das('2026-03')).toMatchObject({ rbt12Cents: 12_000_000, amountCents: 60_000, annex: 'III', status: 'paga' });
    // 600 × 4 / 3,5 / 12,82 / 2,78 / 43,4 / 33,5 %.
    expect(das('2026-03').taxes).toEqual({ IRPJ: 2_400, CSLL: 2_100, COFINS: 7_692, PIS: 1_668, CPP: 26_040, ISS: 20_100 });
  });

  it('April: the average of March × 12 = 120.000; 20.000 × 6 % = R$ 1.200,00', () => {
    expect(das('2026-04')).toMatchObject({ rbt12Cents: 12_000_000, amountCents: 120_000 });
  });

  it('May: (10.000 + 20.000) ÷ 2 × 12 = 180.000, exactly the 1st ceiling, stays at 6 %: R$ 900,00', () => {
    expect(das('2026-05')).toMatchObject({ rbt12Cents: 18_000_000, amountCents: 90_000 });
    expect(das('2026-05').calculation?.bracket).toBe(1);
  });

  it('July: 80.000 ÷ 4 × 12 = 240.000, 2nd bracket, (240.000 × 11,2 % − 9.360) ÷ 240.000 = 7,3 %: R$ 1.460,00', () => {
    const july = das('2026-07');
    expect(july).toMatchObject({ rbt12Cents: 24_000_000, amountCents: 146_000, revenueCents: 2_000_000 });
    expect(july.calculation).toMatchObject({ bracket: 2, nominalRate: 0.112, deductionCents: 936_000 });
    expect(july.calculation?.effectiveRate).toBeCloseTo(0.073, 12);
    // 1.460 × 4 / 3,5 / 14,05 / 3,05 / 43,4 / 32 %: 205,13 and 44,53 rounded half up.
    expect(july.taxes).toEqual({ IRPJ: 5_840, CSLL: 5_110, COFINS: 20_513, PIS: 4_453, CPP: 63_364, ISS: 46_720 });
  });

  it('the DAS and the PGDAS-D are due the 20th of the next month, moved; late when unpaid', () => {
    expect(das('2026-05')).toMatchObject({ dueDate: '2026-06-22', status: 'atrasada' });
    expect(find(result.obligations, 'pgdas_d', '2026-03')).toMatchObject({ status: 'paga', dueDate: '2026-04-20' });
    expect(find(result.obligations, 'pgdas_d', '2026-04')).toMatchObject({ status: 'atrasada', dueDate: '2026-05-20' });
  });

  it('has no DAS for a closed month without revenue, but files its PGDAS-D', () => {
    expect(result.obligations.some((o) => o.kind === 'das' && o.competence === '2026-08')).toBe(false);
    expect(find(result.obligations, 'pgdas_d', '2026-08').dueDate).toBe('2026-09-21'); // 20 Sep is a Sunday
  });

  it('the open month is provisional; the DEFIS is due 31 March 2027', () => {
    expect(das('2026-11').provisional).toBe(true);
    expect(find(result.obligations, 'defis', '2026')).toMatchObject({ dueDate: '2027-03-31', amountCents: null });
  });

  it('nothing before the activity started', () => {
    expect(result.obligations.some((o) => o.competence === '2026-02')).toBe(false);
  });
});

describe('a month where the Fator R decides the annex', () => {
  // R$ 20.000,00 every month since 2025-05: RBT12 of 2026-05 = 240.000.
  const monthly: Record<string, MonthRevenue> = {};
  for (let m = 5; m <= 16; m++) {
    const year = m <= 12 ? 2025 : 2026;
    monthly[`${year}-${String(((m - 1) % 12) + 1).padStart(2, '0')}`] = revenue(2_000_000);
  }
  monthly['2026-05'] = revenue(2_000_000);
  const run = (payrollPerMonth: number) => {
    const payroll: Record<string, number> = {};
    for (const c of Object.keys(monthly)) payroll[c] = payrollPerMonth;
    const result = companyObligations({
      year: 2026,
      today: '2026-11-28',
      company: { regime: 'simples', activityStart: '2024-01-10', annex: 'V', fatorR: true },
      revenue: monthly,
      payroll,
      payments: {},
    });
    return find(result.obligations, 'das', '2026-05');
  };

  it('R$ 5.600,00 of payroll a month: 67.200 ÷ 240.000 = 28 % exactly → Anexo III, R$ 1.460,00', () => {
    expect(run(560_000)).toMatchObject({ annex: 'III', payroll12Cents: 6_720_000, rbt12Cents: 24_000_000, amountCents: 146_000 });
  });

  it('R$ 5.599,99 a month: 27,99995 % → Anexo V, 16,125 %: R$ 3.225,00', () => {
    const das = run(559_999);
    expect(das).toMatchObject({ annex: 'V', payroll12Cents: 6_719_988, amountCents: 322_500 });
    // (240.000 × 18 % − 4.500) ÷ 240.000 = 16,125 %; 3.225 × 23 / 15 / 14,1 / 3,05 / 27,85 / 17 %.
    expect(das.taxes).toEqual({ IRPJ: 74_175, CSLL: 48_375, COFINS: 45_473, PIS: 9_836, CPP: 89_816, ISS: 54_825 });
  });
});

describe('the Fator R adviser', () => {
  it('RBT12 240.000 without payroll: R$ 5.600,00 of pró-labore a month, INSS R$ 616,00, saves R$ 1.765,00', () => {
    expect(fatorRAdvice({ competence: '2026-05', rbt12Cents: 24_000_000, revenueCents: 2_000_000, payroll12Cents: 0 })).toEqual({
      fatorR: 0,
      neededPayroll12Cents: 6_720_000,
      monthlyProLaboreCents: 560_000,
      monthlyInssCents: 61_600,
      dasVCents: 322_500,
      dasIIICents: 146_000,
      savingCents: 176_500,
      netSavingCents: 114_900,
    });
  });

  it('says nothing when the company already reaches 28 %', () => {
    expect(
      fatorRAdvice({ competence: '2026-05', rbt12Cents: 24_000_000, revenueCents: 2_000_000, payroll12Cents: 6_720_000 }),
    ).toBeNull();
  });

  it('caps the INSS at 11 % of the 2026 ceiling, R$ 8.475,55 → R$ 932,31', () => {
    // RBT12 1.200.000 (4th bracket): 28 % is 336.000 a year, R$ 28.000,00 of pró-labore a month.
    const advice = fatorRAdvice({ competence: '2026-05', rbt12Cents: 120_000_000, revenueCents: 10_000_000, payroll12Cents: 0 });
    expect(advice).toMatchObject({ monthlyProLaboreCents: 2_800_000, monthlyInssCents: 93_231 });
  });
});

describe('what the obligations are computed from, read from the company', () => {
  it.each([
    ['MEI', null, 'mei'],
    ['ME', null, 'simples'],
    ['EPP', null, 'simples'],
    ['ME', 'mei', 'mei'],
    ['MEI', 'simples', 'simples'],
    ['EPP', 'other', null],
    [null, null, null],
  ] as const)('size %s, fiscal profile %s → %s', (size, taxRegime, regime) => {
    expect(obligationRegime(size, taxRegime)).toBe(regime);
  });

  it.each([
    ['III', { annex: 'III', fatorR: false }],
    ['III ou V', { annex: 'V', fatorR: true }],
    ['VI', null],
    [undefined, null],
  ] as const)('the CNAE note %j gives %j', (note, annex) => {
    expect(annexFromCnaeNote(note)).toEqual(annex);
  });

  it.each([
    [['6201501'], 'services'],
    [['4781400'], 'commerce'],
    [['1091102', '5620104'], 'both'],
    // The edges of the divisions that pay ICMS: 05 and 33 (industry), 45 and 47 (commerce); 36 and 49 do not.
    [['0500301'], 'commerce'],
    [['3314710'], 'commerce'],
    [['3600601'], 'services'],
    [['4511101', '4930202'], 'both'],
  ] as const)('activities %j pay the MEI’s %s', (codes, kind) => {
    expect(meiActivityOf([...codes])).toBe(kind);
  });
});
