import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** The package a bare import names: "esbuild", "@vitejs/plugin-react" of "@vitejs/plugin-react/x". */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

// What npm start and npm test run to build and test (scripts/, the tools' configuration) imports only packages
// package.json declares: one installed because another package needs it may go with that package's next version.
it('the build and test scripts import only packages package.json declares', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
  const files = [
    ...readdirSync(join(root, 'scripts'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join('scripts', file)),
    ...readdirSync(root).filter((file) => /\.config\.ts$/.test(file)),
  ];
  const undeclared = files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/^import(?:\s+type)?[^'"]*['"]([^'"]+)['"]/gm)]
      .map((match) => match[1])
      // Relative files, Node's own modules and the project's aliases (tsconfig.base.json) are not packages.
      .filter((specifier) => !/^(\.|node:|@(domain|machines|server)(\/|$)|@\/)/.test(specifier))
      .filter((specifier) => !builtinModules.includes(specifier))
      .map(packageOf)
      .filter((name) => !declared.has(name))
      .map((name) => `${file}: ${name}`),
  );
  expect(undeclared).toEqual([]);
});
