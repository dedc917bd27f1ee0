// The extension's side of the kit's own network tests: requests made from here are
// the extension's (owner.ts tells them from the test's own by the file that makes
// them: a project's source, not its test file), as a project's src/ files are.
// Kept at import, before render(), as a library keeps the fetch it found.
const kept = globalThis.fetch;

export const reach = {
  fetch: (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => fetch(input, init),
  kept: (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => kept(input, init),
  socket: (url: string | URL, protocols?: string | string[]): WebSocket => new WebSocket(url, protocols),
  source: (url: string | URL, init?: EventSourceInit): EventSource => new EventSource(url, init),
  beacon: (url: string | URL, data?: BodyInit | null): boolean => navigator.sendBeacon(url, data),
  xhr: (method: string, url: string): XMLHttpRequest => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.send();
    return xhr;
  },
};
