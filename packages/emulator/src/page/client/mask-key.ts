// How the request log shows a key, written once: the server logs it so, and the page masks a typed key the same way to find it.
/** A key's start and end (a short text is shown whole). */
export const maskKey = (key: string): string => (key.length > 16 ? `${key.slice(0, 10)}…${key.slice(-4)}` : key);
