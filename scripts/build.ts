/**
 * The build step of `npm start`: the web app (in a process of its own) and the server's bundle, each only when its
 * sources changed since its last build. `npm start` then runs the bundle, `node dist-server/start.js`.
 * SKIP_BUILD=1 leaves both as they are (servers started beside one that builds).
 */
import { exitOnStartupFailure, loadStartupConfig } from '@server/startup';
import { buildIfChanged } from './build-once';
import { buildServerIfChanged } from './build-server';

// A wrong setting is one line and exit 1, not a stack trace, before anything is built.
const config = (() => {
  try {
    return loadStartupConfig();
  } catch (error) {
    return exitOnStartupFailure(error);
  }
})();

if (process.env.SKIP_BUILD !== '1') {
  buildIfChanged(process.cwd(), config.distDir);
  await buildServerIfChanged(process.cwd());
}
