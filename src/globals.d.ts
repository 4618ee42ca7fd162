/** The id of this build (vite.config.ts `buildId`); the server's /build.json names the deployed one. */
declare const __BUILD_ID__: string;
