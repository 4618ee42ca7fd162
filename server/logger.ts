/** Where the server writes what happened: the console in `npm start`, a recorder in tests. */
export interface Logger {
  info(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}
