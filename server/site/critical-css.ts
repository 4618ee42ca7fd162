import { createHash } from 'node:crypto';
import type { AtRule, ChildNode, Container, Root } from 'postcss';
import postcss from 'postcss';

/**
 * The CSS a public page needs for its first screen, inlined so nothing blocks the first paint; the whole stylesheet
 * follows without blocking (see `document.tsx`). The site's CSS is Tailwind's: one rule per class, so a page's first
 * screen needs the rules whose classes its first elements carry, the base rules of the elements there, and the theme
 * variables and `@property` rules those use. Rules that only matter once someone acts (hover, focus, transitions) wait
 * for the stylesheet.
 */

/**
 * The first screen: the header, the elements that start in the first bytes from the main content on (the footer too,
 * after a short page), and any element that is `fixed` or `sticky` wherever it is (the cookie banner). As much of the main content as fits the limit below, up to
 * this — a desktop shows more than a phone; what is left out is below the fold and styled when the stylesheet arrives.
 */
export const FIRST_SCREEN_MAIN_BYTES = 4096;
/** How finely the main content is cut when all of it does not fit. */
const MAIN_BYTES_STEP = 128;
/** The most CSS a page inlines (about 2.5 KB on the wire): more would delay the first paint it is there to speed up. */
export const CRITICAL_CSS_LIMIT = 10 * 1024;

/** What the first screen of a page holds, as far as CSS selectors care. */
export interface FirstScreen {
  classes: Set<string>;
  elements: Set<string>;
}

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const TAG = /<(\/?)([a-zA-Z][\w-]*)((?:\s[^>]*?)?)(\/?)>/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/;
const HIDDEN_ATTRIBUTE = /\shidden(?:=|\s|$)/;
const OPEN_ATTRIBUTE = /\sopen(?:=|\s|$)/;
const FIXED_CLASS = /(?:^|\s)(?:fixed|sticky)(?:\s|$)/;
const TYPE_ATTRIBUTE = /\stype="([^"]*)"/;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
/** Class names as written (`[&>p]:mt-2`), not as React escaped them in the attribute. */
const decodeEntities = (value: string) => value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]);

interface OpenElement {
  name: string;
  /** Not painted at first: `hidden`, or inside a closed `<details>` (its summary aside). */
  unseen: boolean;
  closedDetails: boolean;
  fixed: boolean;
}

/**
 * The classes and element names of a page's first screen, read from its markup (React's: well-formed, attribute values
 * escaped). Elements not painted at first (`hidden`, the inside of a closed `<details>`) do not count.
 */
export function firstScreenOf(html: string, mainBytes: number): FirstScreen {
  const classes = new Set<string>();
  const elements = new Set<string>(['html', 'body']);
  const bodyAt = html.indexOf('<body');
  const stack: OpenElement[] = [];
  let mainAt = -1;
  TAG.lastIndex = Math.max(bodyAt, 0);
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const [, closing, rawName, attributes, selfClosing] = match;
    const name = rawName.toLowerCase();
    if (closing) {
      // Unwind to the element this tag closes (the markup is well-formed; this only guards against surprises).
      const index = stack.map((element) => element.name).lastIndexOf(name);
      if (index >= 0) stack.length = index;
      continue;
    }
    if (name === 'main' && mainAt < 0) mainAt = match.index;
    const parent = stack.at(-1);
    const className = decodeEntities(CLASS_ATTRIBUTE.exec(attributes)?.[1] ?? '');
    const element: OpenElement = {
      name,
      unseen: (!!parent && (parent.unseen || (parent.closedDetails && name !== 'summary'))) || HIDDEN_ATTRIBUTE.test(attributes),
      closedDetails: name === 'details' && !OPEN_ATTRIBUTE.test(attributes),
      fixed: !!parent?.fixed || FIXED_CLASS.test(className),
    };
    // Counted from the main content on, across its end: after a short page comes the footer, on the same screen.
    const inFirstScreen = mainAt < 0 || match.index - mainAt < mainBytes;
    if (!element.unseen && (inFirstScreen || element.fixed)) {
      elements.add(name);
      if (name === 'input') elements.add(`input[type=${TYPE_ATTRIBUTE.exec(attributes)?.[1] ?? 'text'}]`);
      for (const token of className.split(/\s+/)) if (token) classes.add(token);
    }
    if (!selfClosing && !VOID_ELEMENTS.has(name)) stack.push(element);
  }
  return { classes, elements };
}

/** States a first paint never shows: these rules wait for the stylesheet. */
const INTERACTION = /:(?:hover|focus|focus-visible|focus-within|active)\b|:-moz-focusring/;
/** Declarations that change nothing in a still page. */
const MOTION_PROPERTY = /^(?:transition|animation)(?:-|$)|^--tw-(?:duration|ease)$|^cursor$|^will-change$/;
/** Pseudo-elements only some form controls have (Tailwind's preflight styles them), and the controls that have them. */
const CONTROL_PSEUDO_ELEMENTS: [RegExp, string[]][] = [
  [/::placeholder/, ['input', 'textarea']],
  [/::file-selector-button/, ['input[type=file]']],
  [/::-webkit-search/, ['input[type=search]']],
  [/::-webkit-(?:inner|outer)-spin/, ['input[type=number]']],
  [/::-webkit-(?:date|calendar)/, ['date', 'datetime-local', 'month', 'time', 'week'].map((type) => `input[type=${type}]`)],
];
const needsAbsentControl = (selector: string, elements: Set<string>) =>
  CONTROL_PSEUDO_ELEMENTS.some(([pseudo, controls]) => pseudo.test(selector) && !controls.some((name) => elements.has(name)));
const CUSTOM_PROPERTY = /--[\w-]+/g;

/** The class names a selector requires (`.md\:flex` → `md:flex`). */
function classesOfSelector(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, name]) => name.replace(/\\(.)/g, '$1'));
}

/** The element names a selector requires (`.prose h2` → `h2`), ignoring what sits inside brackets and parentheses. */
function elementsOfSelector(selector: string): string[] {
  let bare = selector.replace(/\[[^\]]*\]/g, '');
  while (/\([^()]*\)/.test(bare)) bare = bare.replace(/\([^()]*\)/g, '');
  bare = bare.replace(/::?[\w-]+/g, '');
  return [...bare.matchAll(/(?:^|[\s>+~])([a-z][a-z0-9]*)/g)].map(([, name]) => name);
}

/** The `@layer` a node sits in, or null for the site's own rules outside Tailwind's layers. */
function layerOf(node: ChildNode): string | null {
  let parent = node.parent;
  while (parent && parent.type !== 'root') {
    if (parent.type === 'atrule' && (parent as AtRule).name === 'layer') return (parent as AtRule).params;
    parent = (parent as ChildNode).parent;
  }
  return null;
}

function removeEmpty(container: Container) {
  let removed = true;
  while (removed) {
    removed = false;
    container.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes && node.nodes.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
}

/** The site's stylesheet, parsed once; `criticalCss` cuts the part of it a page's first screen needs. */
export class SiteStylesheet {
  private readonly root: Root;
  /** Pages of one template share their first screen's classes: each cut is made once. */
  private readonly cuts = new Map<string, { css: string; hash: string }>();

  constructor(readonly css: string) {
    this.root = postcss.parse(css);
  }

  /**
   * The CSS a page's first screen needs (as much of its main content as fits `CRITICAL_CSS_LIMIT`) and its
   * `'sha256-…'` source for the Content-Security-Policy.
   */
  criticalCssOf(html: string): { css: string; hash: string } {
    const cutAt = (mainBytes: number) => this.criticalCss(firstScreenOf(html, mainBytes));
    const fits = (cut: { css: string }) => Buffer.byteLength(cut.css) <= CRITICAL_CSS_LIMIT;
    const whole = cutAt(FIRST_SCREEN_MAIN_BYTES);
    if (fits(whole)) return whole;
    // More of the main content never means less CSS: the most that fits is found by halving.
    let [low, high] = [0, FIRST_SCREEN_MAIN_BYTES / MAIN_BYTES_STEP];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (fits(cutAt(middle * MAIN_BYTES_STEP))) low = middle;
      else high = middle;
    }
    return cutAt(low * MAIN_BYTES_STEP);
  }

  /** The CSS of this first screen and its `'sha256-…'` source for the Content-Security-Policy. */
  criticalCss(screen: FirstScreen): { css: string; hash: string } {
    const key = `${[...screen.classes].sort().join(' ')}|${[...screen.elements].sort().join(' ')}`;
    let cut = this.cuts.get(key);
    if (!cut) {
      const css = this.cut(screen);
      cut = { css, hash: `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'` };
      // A bound: city, post and CNAE pages fall into a handful of shapes; anything past this is unusual.
      if (this.cuts.size >= 500) this.cuts.clear();
      this.cuts.set(key, cut);
    }
    return cut;
  }

  private cut({ classes, elements }: FirstScreen): string {
    const root = this.root.clone();
    root.walkComments((comment) => {
      comment.remove();
    });
    // Animations wait for the stylesheet; so does the fallback of `@property` for browsers older than Tailwind's
    // (Safari 16.4, Firefox 128): the current ones never apply it.
    root.walkAtRules((atRule) => {
      if (atRule.name === 'keyframes' || (atRule.name === 'layer' && atRule.params === 'properties')) atRule.remove();
    });
    root.walkRules((rule) => {
      const layer = layerOf(rule);
      if (layer === 'theme' || rule.parent?.type === 'rule') return;
      if (rule.nodes.every((node) => node.type === 'decl' && MOTION_PROPERTY.test(node.prop))) {
        rule.remove();
        return;
      }
      const kept = rule.selectors.filter(
        (selector) =>
          !INTERACTION.test(selector) &&
          // Classes set by scripts (the banner's and the locale's) are in the site's own rules, outside any layer.
          (layer === null || classesOfSelector(selector).every((name) => classes.has(name))) &&
          elementsOfSelector(selector).every((name) => elements.has(name)) &&
          !needsAbsentControl(selector, elements),
      );
      if (kept.length === 0) rule.remove();
      else if (kept.length < rule.selectors.length) rule.selectors = kept;
    });
    removeEmpty(root);

    // Theme variables, `@property` rules and their fallbacks: only those the kept rules use, directly or through
    // another variable.
    const used = new Set<string>();
    const definitions = new Map<string, string[]>();
    root.walkDecls((decl) => {
      const layer = layerOf(decl);
      const atProperty = decl.parent?.type === 'atrule' && 'name' in decl.parent && decl.parent.name === 'property';
      if (layer === 'theme' || atProperty) {
        if (layer === 'theme') definitions.set(decl.prop, decl.value.match(CUSTOM_PROPERTY) ?? []);
        return;
      }
      for (const name of decl.value.match(CUSTOM_PROPERTY) ?? []) used.add(name);
      if (decl.prop.startsWith('--')) used.add(decl.prop);
    });
    const pending = [...used];
    while (pending.length) {
      for (const name of definitions.get(pending.pop()!) ?? []) {
        if (!used.has(name)) {
          used.add(name);
          pending.push(name);
        }
      }
    }
    root.walkDecls((decl) => {
      const layer = layerOf(decl);
      if (layer === 'theme' && decl.prop.startsWith('--') && !used.has(decl.prop)) decl.remove();
    });
    root.walkAtRules('property', (property) => {
      if (!used.has(property.params.trim())) property.remove();
    });
    removeEmpty(root);
    return root.toString().trim();
  }
}
