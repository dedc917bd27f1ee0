// DNS rebinding defence: a page on another name that resolves to 127.0.0.1
// reaches this server with its own name in Host, so only our own names pass.

/** 'ok' for `127.0.0.1:<port>`, 'redirect' for `localhost:<port>` (sent to 127.0.0.1), 'refuse' otherwise. */
export function checkHost(host: string | undefined, port: number): 'ok' | 'redirect' | 'refuse' {
  if (host === `127.0.0.1:${port}`) return 'ok';
  if (host === `localhost:${port}`) return 'redirect';
  return 'refuse';
}
