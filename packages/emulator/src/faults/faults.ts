// The faults an emulator holds (in this process), matched before any other rule: each
// answers the next `times` requests whose method and path it matches, newest fault first.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FaultError, readFault, type Fault, type FaultSpec } from './spec.js';

const maxHeld = 1_000;

/** `emu.faults`: faults on purpose, from code. */
export interface FaultsApi {
  /** Holds a fault and returns it; throws FaultError (a TypeError naming the field) for a bad one. */
  add(spec: FaultSpec): Fault;
  /** The faults still held, oldest first. */
  list(): Fault[];
  /** Removes one fault by id (true when it was held), or every fault (how many were held). */
  clear(id?: string): number;
}

const segments = (path: string): string[] => path.split('/');

function matches(fault: Fault, method: string, path: string): boolean {
  if (fault.method !== null && fault.method !== method) return false;
  const want = segments(fault.path);
  const got = segments(path);
  if (want.length !== got.length) return false;
  return want.every((w, i) => w === '*' || w === got[i] || w === safeDecode(got[i]!));
}

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export class Faults implements FaultsApi {
  readonly #held: Fault[] = [];
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #now: () => number;
  #next = 1;

  constructor(now: () => number) {
    this.#now = now;
  }

  add(spec: FaultSpec): Fault {
    const fault = readFault(spec, `fault_${this.#next}`, this.#now());
    // Every request walks the faults held: keep the walk short.
    if (this.#held.length >= maxHeld)
      throw new FaultError(
        'path',
        `cannot be held: ${maxHeld} faults are held already; clear some (DELETE /__emulator/faults)`,
      );
    this.#next += 1;
    this.#held.push(fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.#held.map((f) => ({ ...f }));
  }

  clear(id?: string): number {
    if (id === undefined) return this.#held.splice(0).length;
    const at = this.#held.findIndex((f) => f.id === id);
    return at === -1 ? 0 : this.#held.splice(at, 1).length;
  }

  /** The newest fault matching this request, its count taken (removed at 0); null when none does. */
  take(method: string, path: string): Fault | null {
    if (this.#held.length === 0) return null;
    for (let i = this.#held.length - 1; i >= 0; i -= 1) {
      const fault = this.#held[i]!;
      if (!matches(fault, method, path)) continue;
      fault.remaining -= 1;
      if (fault.remaining === 0) this.#held.splice(i, 1);
      return { ...fault };
    }
    return null;
  }

  /**
   * Plays a taken fault on a request: waits, then drops the connection or answers as told.
   * `through`: the real answer follows (a delay alone); `gone`: the client left during the wait.
   */
  async apply(
    fault: Fault,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<'answered' | 'reset' | 'gone' | 'through'> {
    if (fault.delayMs > 0) {
      const waited = await new Promise<boolean>((resolve) => {
        const socket = req.socket;
        const done = (answer: boolean): void => {
          clearTimeout(timer);
          this.#timers.delete(timer);
          socket.off('close', left);
          resolve(answer);
        };
        // A client that leaves during the wait never reached the API: nothing runs.
        const left = (): void => done(false);
        const timer = setTimeout(() => done(true), fault.delayMs);
        this.#timers.add(timer);
        socket.once('close', left);
      });
      if (!waited) return 'gone';
    }
    if (fault.reset) {
      req.socket.destroy();
      return 'reset';
    }
    if (fault.status === null) return 'through';
    res
      .writeHead(fault.status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        ...fault.headers,
      })
      .end(JSON.stringify(fault.body));
    return 'answered';
  }

  /** Ends every wait under way (the emulator is closing). */
  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
