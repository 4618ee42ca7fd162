import { describe, expect, it } from 'vitest';
import type { BuiltChunk } from '../../scripts/route-chunks';
import { routeChunkMap } from '../../scripts/route-chunks';

/** A build of four routes under src/routes as Rolldown names its chunks (the router splits each route's component). */
const ROOT = '/work/app/src/routes';
const chunks: BuiltChunk[] = [
  { fileName: 'assets/app-entry.js', facadeModuleId: '/work/app/index.html', imports: ['assets/framework.js'] },
  { fileName: 'assets/framework.js', facadeModuleId: null, imports: [] },
  { fileName: 'assets/root.js', facadeModuleId: `${ROOT}/__root.tsx?tsr-split=component`, imports: [] },
  { fileName: 'assets/app.js', facadeModuleId: `${ROOT}/app.tsx?tsr-split=component`, imports: [] },
  {
    fileName: 'assets/_signedIn.js',
    facadeModuleId: `${ROOT}/app/_signedIn.tsx?tsr-split=component`,
    imports: ['assets/shell.js'],
  },
  { fileName: 'assets/shell.js', facadeModuleId: null, imports: ['assets/framework.js', 'assets/kit.js'] },
  { fileName: 'assets/kit.js', facadeModuleId: null, imports: ['assets/framework.js'] },
  {
    fileName: 'assets/panel.js',
    facadeModuleId: `${ROOT}/app/_signedIn/_withCompany/panel.tsx?tsr-split=component`,
    imports: ['assets/kit.js', 'assets/chart.js'],
  },
  { fileName: 'assets/chart.js', facadeModuleId: null, imports: [] },
  {
    fileName: 'assets/companies.js',
    facadeModuleId: `${ROOT}/app/_signedIn/_team/admin/companies/index.tsx?tsr-split=component`,
    imports: ['assets/kit.js'],
  },
  {
    fileName: 'assets/companies-loader.js',
    facadeModuleId: `${ROOT}/app/_signedIn/_team/admin/companies/index.tsx?tsr-split=loader`,
    imports: [],
  },
  {
    fileName: 'assets/company.js',
    facadeModuleId: `${ROOT}/app/_signedIn/_team/admin/companies/$companyId.tsx?tsr-split=component`,
    imports: [],
  },
];
const initial = new Set(['assets/app-entry.js', 'assets/framework.js']);
const patterns = ['/app', '/app/panel', '/app/admin/companies', '/app/admin/companies/$companyId'];

describe('the code of each app page, for the head start', () => {
  it('lists each page’s routes, the layouts above them and their imports, less what the document loads', () => {
    expect(routeChunkMap(chunks, initial, patterns)).toEqual({
      files: [
        'root.js',
        'app.js',
        '_signedIn.js',
        'shell.js',
        'kit.js',
        'company.js',
        'companies.js',
        'companies-loader.js',
        'panel.js',
        'chart.js',
      ],
      pages: [
        ['^/app$', [0, 1]],
        ['^/app/admin/companies/[^/]+$', [0, 1, 2, 3, 4, 5]],
        ['^/app/admin/companies$', [0, 1, 2, 3, 4, 6, 7]],
        ['^/app/panel$', [0, 1, 2, 3, 4, 8, 9]],
      ],
    });
  });

  it('refuses a route file whose address the router does not list', () => {
    expect(() => routeChunkMap(chunks, initial, ['/app', '/app/panel', '/app/admin/companies'])).toThrow(
      'src/routes/app/_signedIn/_team/admin/companies/$companyId.tsx reads as /app/admin/companies/$companyId',
    );
  });
});
