// The few Web APIs that every runtime the domain runs in has (browsers, Node ≥ 20), declared here so that the
// domain's own type-check sees neither the DOM's nor Node's globals.
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}
