/**
 * The browser's stand-in for the one `Buffer` call in plystack's sources: the
 * UTF-8 size of a payload. Imported first by main.tsx.
 */
const encoder = new TextEncoder();
const g = globalThis as { Buffer?: unknown };
g.Buffer ??= { byteLength: (text: string) => encoder.encode(text).length };

export {};
