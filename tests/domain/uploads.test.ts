import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZIP_LIMITS, ZIP_MESSAGES, contentMatchesExtension, uploadContentProblem, zipProblem } from '@domain';
import { buildZip } from '../support/zip';

const MB = 1024 * 1024;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

describe('ZIP archives, read from their central directory', () => {
  it('accepts an ordinary archive of invoices, stored or deflated, with accents in the names', () => {
    const zip = buildZip([
      { name: 'notas/2026-03/NF-e 123.xml', data: '<nfeProc>'.repeat(2000) },
      { name: 'notas/leia-me.txt', data: 'Notas de março', method: 'store' },
      { name: 'Declaração çãõ.pdf', data: '%PDF-1.4 ...' },
      { name: 'pasta/' },
    ]);
    expect(contentMatchesExtension('zip', zip.subarray(0, 64))).toBe(true);
    expect(zipProblem(zip)).toBeNull();
  });

  it('accepts an empty archive, a ZIP64 one and one with bytes before it (a self-extractor)', () => {
    expect(zipProblem(buildZip([]))).toBeNull();
    expect(zipProblem(buildZip([{ name: 'a.xml', data: '<a/>', zip64: true }]))).toBeNull();
    expect(zipProblem(buildZip([{ name: 'a.xml', data: '<a/>' }], { prefix: new Uint8Array(4096).fill(0x4d) }))).toBeNull();
    expect(zipProblem(buildZip([{ name: 'a.xml', data: '<a/>' }], { comment: 'criado pelo sistema' }))).toBeNull();
  });

  it('refuses an archive that declares more than 100 MB once decompressed, saying so', () => {
    const entries = Array.from({ length: 3 }, (_, i) => ({ name: `parte-${i}.bin`, data: 'x', declaredSize: 40 * MB }));
    expect(zipProblem(buildZip(entries))).toBe(ZIP_MESSAGES.tooLarge);
    expect(ZIP_MESSAGES.tooLarge).toBe('O arquivo ZIP passa de 100 MB depois de descompactado. Envie-o em partes menores.');
  });

  it('refuses a zip bomb: a real megabytes-of-zeros entry that compresses a thousand times', () => {
    const zeros = new Uint8Array(20 * MB);
    const zip = buildZip([{ name: 'relatorio.txt', data: zeros }]);
    expect(zip.length).toBeLessThan(100 * 1024);
    expect(zipProblem(zip)).toBe(ZIP_MESSAGES.ratio);
  });

  it('refuses many small entries that together expand absurdly, and a terabyte declared in a ZIP64 header', () => {
    const zip = buildZip(Array.from({ length: 60 }, (_, i) => ({ name: `f${i}.txt`, data: 'a', declaredSize: 900 * 1024 })));
    expect(zipProblem(zip)).toBe(ZIP_MESSAGES.ratio);
    expect(zipProblem(buildZip([{ name: 'huge.bin', data: 'a', declaredSize: 2 ** 40, zip64: true }]))).toBe(
      ZIP_MESSAGES.tooLarge,
    );
  });

  it('lets a large but ordinary text compress well (below the ratio)', () => {
    const text = Array.from({ length: 60_000 }, (_, i) => `<item n="${i}" v="${(i * 7919) % 100003}"/>`).join('\n');
    expect(zipProblem(buildZip([{ name: 'itens.xml', data: text }]))).toBeNull();
  });

  it(`refuses more than ${ZIP_LIMITS.maxEntries} entries without reading them all`, () => {
    const zip = buildZip(
      Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `${i}.txt`, method: 'store' as const })),
    );
    expect(zipProblem(zip)).toBe(ZIP_MESSAGES.tooManyEntries);
    expect(ZIP_MESSAGES.tooManyEntries).toContain('mais de 1.000 arquivos');
  });

  it.each([
    ['../../etc/cron.d/tarefa'],
    ['notas/../../fora.xml'],
    ['/etc/passwd'],
    ['C:\\Windows\\System32\\drivers\\etc\\hosts'],
    ['..\\..\\autoexec.bat'],
    ['pasta\\..\\..\\x.txt'],
    ['nota.xml\u0000.exe'],
  ])('refuses an entry named %j, which would be written outside the folder', (name) => {
    expect(
      zipProblem(
        buildZip([
          { name: 'ok.txt', data: 'ok' },
          { name, data: 'x' },
        ]),
      ),
    ).toBe(ZIP_MESSAGES.path);
  });

  it('accepts names that only look like paths: dots inside a name, a folder called "..algo"', () => {
    expect(
      zipProblem(
        buildZip([
          { name: 'notas..2026/a.xml', data: '<a/>' },
          { name: '..algo/b.txt', data: 'b' },
        ]),
      ),
    ).toBeNull();
  });

  it('refuses archives nested in archives past two levels, and too many archives inside one', () => {
    const inner = buildZip([{ name: 'a.xml', data: '<a/>' }]);
    const twoLevels = buildZip([{ name: 'lote.zip', data: inner, method: 'store' }]);
    expect(zipProblem(twoLevels)).toBeNull();
    const threeLevels = buildZip([{ name: 'externo.zip', data: twoLevels, method: 'store' }]);
    expect(zipProblem(threeLevels)).toBe(ZIP_MESSAGES.nested);
    // 42.zip's shape: many compressed archives in one (their insides cannot be read without decompressing).
    const many = buildZip(
      Array.from({ length: ZIP_LIMITS.maxNestedArchives + 1 }, (_, i) => ({ name: `lib ${i}.zip`, data: inner })),
    );
    expect(zipProblem(many)).toBe(ZIP_MESSAGES.nested);
    // A stored inner archive is read in place: a bomb inside is found too.
    const bombInside = buildZip([
      { name: 'dentro.zip', data: buildZip([{ name: 'z', data: new Uint8Array(5 * MB) }]), method: 'store' },
    ]);
    expect(zipProblem(bombInside)).toBe(ZIP_MESSAGES.ratio);
  });

  it('refuses truncated or corrupted archives as corrupted', () => {
    const zip = buildZip([{ name: 'a.xml', data: '<a/>'.repeat(100) }]);
    expect(zipProblem(zip.subarray(0, zip.length - 10))).toBe(ZIP_MESSAGES.corrupt);
    expect(zipProblem(zip.subarray(0, 30))).toBe(ZIP_MESSAGES.corrupt);
    expect(zipProblem(new TextEncoder().encode('PK\u0003\u0004 não é um zip'))).toBe(ZIP_MESSAGES.corrupt);
    // A directory that says its entries are larger than the file itself.
    const lying = buildZip([{ name: 'a.xml', data: 'abc' }]);
    const view = new DataView(lying.buffer);
    const directory = view.getUint32(lying.length - 6, true);
    view.setUint32(directory + 20, 10 * MB, true);
    expect(zipProblem(lying)).toBe(ZIP_MESSAGES.corrupt);
  });

  it('checks only ZIPs by their whole content', () => {
    expect(uploadContentProblem('pdf', new TextEncoder().encode('%PDF-1.4'))).toBeNull();
    expect(uploadContentProblem('zip', new TextEncoder().encode('PK\u0003\u0004'))).toBe(ZIP_MESSAGES.corrupt);
  });
});

describe('ZIP archives, property-based', () => {
  const safeName = fc
    .array(
      fc.stringMatching(/^[\p{L}\p{N} _().-]{1,20}$/u).filter((s) => s !== '..' && s !== '.' && !/^[A-Za-z]:/.test(s)),
      {
        minLength: 1,
        maxLength: 4,
      },
    )
    .map((parts) => parts.join('/'));
  const entry = fc.record({
    name: safeName,
    data: fc.uint8Array({ maxLength: 2000 }),
    method: fc.constantFrom('store' as const, 'deflate' as const),
  });

  it('accepts any archive of ordinary entries', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        expect(zipProblem(buildZip(entries.map((e) => ({ ...e, name: e.name.replace(/\.zip$/i, '.zi_') }))))).toBeNull();
      }),
      { seed, numRuns: 200 },
    );
  });

  it('refuses any archive with one entry that climbs out of the folder, wherever it is', () => {
    const escape = fc.constantFrom('../', '..\\', '/', 'C:\\', 'a/../../');
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), fc.nat(), escape, safeName, (entries, at, prefix, name) => {
        const list = entries.map((e) => ({ ...e, name: e.name.replace(/\.zip$/i, '.zi_') }));
        list.splice(at % (list.length + 1), 0, { name: prefix + name, data: new Uint8Array([1]), method: 'store' });
        expect(zipProblem(buildZip(list))).toBe(ZIP_MESSAGES.path);
      }),
      { seed, numRuns: 200 },
    );
  });

  it('never throws on damaged bytes: a refusal in Portuguese or an acceptance', () => {
    const messages: string[] = Object.values(ZIP_MESSAGES);
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 12 }),
        (entries, damage) => {
          const zip = buildZip(entries.map((e) => ({ ...e, name: e.name.replace(/\.zip$/i, '.zi_') })));
          for (const [at, value] of damage) zip[at % zip.length] = value;
          const problem = zipProblem(zip);
          expect(problem === null || messages.includes(problem)).toBe(true);
        },
      ),
      { seed, numRuns: 500 },
    );
  });
});
