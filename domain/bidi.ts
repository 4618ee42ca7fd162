/**
 * Stored text shown inside a sentence the product writes (a tomador's name in "Nome (CNPJ …)"): a right-to-left
 * override typed into it (U+202E) would reverse the rest of the line. First-strong isolate … pop directional isolate
 * (U+2068 … U+2069) is plain text's `<bdi>`: whatever the name holds stays inside it (docs/security.md).
 */
export const isolateText = (text: string) => `\u2068${text}\u2069`;
