/**
 * The app's first script (index.html): it imports neither React, the router nor XState, so it runs while they are
 * still downloading, and asks for the company a person coming back will see (src/lib/head-start.ts).
 */
import { startHeadStart } from './lib/head-start';

startHeadStart();
