/**
 * Lighthouse runs for the site and phone benchmarks: several runs per page (one Chromium, pages in turn so a slow minute of this
 * shared machine touches all of them alike), reported as median and spread. Figures only; nothing asserts.
 */
import { CHROMIUM_ARGS } from '../playwright.config';

export interface LighthouseRun {
  /** Set when Lighthouse could not measure this run (its error code); the figures are then absent. */
  failed?: string;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the document itself cost on the wire (compressed bytes, headers included). */
  documentBytes: number;
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
  /** Where the page ended up: a signed-in page that lost its session shows the login page instead. */
  finalUrl: string;
  accessibility: number;
  seo: number;
  bestPractices: number;
}

interface Audit {
  numericValue?: number;
  details?: { items?: { url?: string; transferSize?: number; resourceType?: string; node?: { snippet?: string } }[] };
}

/**
 * Runs Lighthouse (mobile preset, simulated throttling) `runs` times on each page; the results in the pages' order.
 * `setup` gets the DevTools port of the Chromium Lighthouse drives before the first run, to store a session there:
 * Lighthouse clears the HTTP cache and the origin's caches before each run but keeps its cookies and localStorage
 * (its default `clearStorageTypes`), so a signed-in page is measured signed in, from a cold cache.
 */
export async function lighthouseRuns(
  urls: string[],
  runs: number,
  chromePath: string,
  setup?: (port: number) => Promise<void>,
): Promise<LighthouseRun[][]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
  const results: LighthouseRun[][] = urls.map(() => []);
  try {
    await setup?.(chrome.port);
    // A first run warms Chromium and the server's caches; it is not counted.
    for (let run = -1; run < runs; run++) {
      for (const [index, url] of urls.entries()) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
        });
        const lhr = result?.lhr;
        // A run Lighthouse could not finish (a timeout of this busy machine) says nothing about the page: left out.
        if (!lhr || lhr.runtimeError || lhr.categories.performance?.score == null) {
          results[index].push({ failed: lhr?.runtimeError?.code ?? 'no result' } as unknown as LighthouseRun);
          continue;
        }
        const audit = (id: string) => lhr.audits[id] as Audit | undefined;
        const value = (id: string) => audit(id)?.numericValue ?? Number.NaN;
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const document = audit('network-requests')?.details?.items?.find((item) => item.resourceType === 'Document');
        const lcpNode = audit('largest-contentful-paint-element')?.details?.items?.[0] as
          { items?: { node?: { snippet?: string } }[] } | undefined;
        if (run < 0) continue;
        results[index].push({
          performance: score('performance'),
          lcpMs: value('largest-contentful-paint'),
          fcpMs: value('first-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          documentBytes: document?.transferSize ?? Number.NaN,
          lcpElement: (lcpNode?.items?.[0]?.node?.snippet ?? '').slice(0, 60),
          finalUrl: lhr.finalDisplayedUrl,
          accessibility: score('accessibility'),
          seo: score('seo'),
          bestPractices: score('best-practices'),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** "median (min–max)" of one figure over the runs. */
export function spread(values: number[], format: (value: number) => string): string {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? format(low) : `${format(median(values))} (${format(low)}–${format(high)})`;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const millis = (ms: number) => `${Math.round(ms)} ms`;
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per page: the product's pages and the static baseline, side by side. */
export function lighthouseTable(rows: { label: string; runs: LighthouseRun[] }[]): string {
  const width = Math.max(...rows.map((row) => row.label.length));
  return rows
    .map(({ label, runs: all }) => {
      const runs = all.filter((run) => !run.failed);
      const failed = all.length - runs.length;
      if (!runs.length) return `  ${label.padEnd(width)}   no run finished (${all.map((run) => run.failed).join(', ')})`;
      const pick = (key: keyof Omit<LighthouseRun, 'lcpElement' | 'finalUrl' | 'failed'>) =>
        runs.map((run) => run[key] as number);
      return [
        `  ${label.padEnd(width)}`,
        `performance ${spread(pick('performance'), String)}`,
        `LCP ${spread(pick('lcpMs'), seconds)}`,
        `FCP ${spread(pick('fcpMs'), seconds)}`,
        `TBT ${spread(pick('tbtMs'), millis)}`,
        `CLS ${spread(pick('cls'), (value) => value.toFixed(3))}`,
        `document ${spread(pick('documentBytes'), kilobytes)}`,
        `a11y ${spread(pick('accessibility'), String)} SEO ${spread(pick('seo'), String)} BP ${spread(pick('bestPractices'), String)}`,
        ...(failed ? [`(${failed} of ${all.length} runs failed)`] : []),
      ].join('   ');
    })
    .join('\n');
}
