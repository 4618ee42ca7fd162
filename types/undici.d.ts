// ofetch's types name undici's `Dispatcher`, an option only Node has. tsconfig.base.json maps 'undici' here, so no
// type-check pulls Node's types in through it: in src/, `process` or `Buffer` stays an error.
export declare class Dispatcher {}
