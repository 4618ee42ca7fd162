import { routeExpression } from '../server/spa-routes.ts';
export { ROUTE_CHUNKS_ELEMENT_ID as ROUTE_CHUNKS_ID } from '../domain/constants.ts';

/** What the map needs of Rolldown's output chunks. */
export interface BuiltChunk {
  fileName: string;
  facadeModuleId: string | null;
  imports: readonly string[];
}

/**
 * Each page of the app as the expression its address matches (`routeExpression`, case-insensitive) and its code, as
 * indexes into `files` (paths under /assets/): short enough to sit in every app document (~1 KB compressed).
 */
export interface RouteChunks {
  files: string[];
  pages: [pattern: string, files: number[]][];
}

const ROUTE_CHUNK = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=/;

/** The address pattern of a route file under src/routes: pathless `_layouts` and `index` leave no segment. */
function patternOf(routeFile: string): string {
  const segments = routeFile.split('/').filter((segment) => !segment.startsWith('_') && segment !== 'index');
  return `/${segments.join('/')}`;
}

/**
 * For each page of the app (`patterns`, the build's app-routes.json), the code its routes split off (each route of the
 * page and the layouts above it, by TanStack Router's file conventions) with what that code imports, less what the
 * document already loads (`initialFiles`): what the head start asks the browser for before the framework has arrived
 * (src/lib/head-start.ts, docs/performance.md). A route file whose address is not one of the patterns is refused: the
 * conventions read here and the router's would have parted.
 */
export function routeChunkMap(
  chunks: readonly BuiltChunk[],
  initialFiles: ReadonlySet<string>,
  patterns: readonly string[],
): RouteChunks {
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byRoute = new Map<string, string[]>();
  for (const chunk of chunks) {
    const route = ROUTE_CHUNK.exec(chunk.facadeModuleId ?? '')?.[1].replace(/\\/g, '/');
    if (route) byRoute.set(route, [...(byRoute.get(route) ?? []), chunk.fileName]);
  }
  const withImports = (files: string[], into: Set<string>) => {
    for (const file of files) {
      if (into.has(file) || initialFiles.has(file)) continue;
      into.add(file);
      withImports([...(byFileName.get(file)?.imports ?? [])], into);
    }
    return into;
  };
  const known = new Set(patterns);
  const files: string[] = [];
  const indexOf = (file: string) => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  const pages: RouteChunks['pages'] = [];
  for (const route of [...byRoute.keys()].sort()) {
    // The root and the pathless layouts (`_name`) are no page of their own.
    if (route === '__root' || route.split('/').at(-1)!.startsWith('_')) continue;
    const pattern = patternOf(route);
    if (!known.has(pattern))
      throw new Error(`The route file src/routes/${route}.tsx reads as ${pattern}, which the router does not list`);
    const parts = route.split('/');
    const layouts = ['__root', ...parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('/'))];
    const own = [...layouts, route].flatMap((file) => byRoute.get(file) ?? []);
    pages.push([
      routeExpression(pattern),
      [...withImports(own, new Set())].map((file) => indexOf(file.replace(/^assets\//, ''))),
    ]);
  }
  return { files, pages };
}
