// The one interface both storage engines answer: parameterized SQL and transactions.

/** Runs parameterized SQL; rows come back as plain objects (jsonb parsed). */
export interface Sql {
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
}

export interface Engine extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (the schema). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}
