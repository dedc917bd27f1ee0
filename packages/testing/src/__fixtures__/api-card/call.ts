// The extension's side of the API tests: a request made here is the extension's
// (owner.ts), as one from a project's src/ is.
export const call = (input: string, init?: RequestInit): Promise<Response> => fetch(input, init);
export const source = (url: string): EventSource => new EventSource(url);
export const beacon = (url: string, data: string): boolean => navigator.sendBeacon(url, data);
