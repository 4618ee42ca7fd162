/**
 * docs/rules.md "build check every 60 minutes": the page asks the server for the id of the build it serves; when it is not
 * the one running here, a new version was deployed and the person is offered a reload.
 */
export interface BuildCheckOptions {
  /** The id baked into this bundle. */
  currentId: string;
  intervalMs: number;
  /** Fetches the deployed build's id; `/build.json` in the app. */
  fetchDeployedId: () => Promise<string | null>;
  onNewBuild: (deployedId: string) => void;
}

/** Starts checking; returns a function that stops. A failed check (offline) waits for the next one. */
export function startBuildCheck(options: BuildCheckOptions): () => void {
  let announced = false;
  const check = async () => {
    if (announced) return;
    const deployed = await options.fetchDeployedId().catch(() => null);
    if (deployed && deployed !== options.currentId) {
      announced = true;
      options.onNewBuild(deployed);
    }
  };
  const timer = setInterval(check, options.intervalMs);
  return () => clearInterval(timer);
}

/** The id the server's build.json names, never from a cache. */
export async function fetchDeployedBuildId(): Promise<string | null> {
  const response = await fetch('/build.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  const body = (await response.json()) as { id?: unknown };
  return typeof body.id === 'string' ? body.id : null;
}
