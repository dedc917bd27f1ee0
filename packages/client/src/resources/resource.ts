import type { ServiceCore } from '../core/core.js';

/** A group of operations over one path of the API, sharing a core (the transport). */
export abstract class Resource {
  protected readonly core: ServiceCore;
  constructor(core: ServiceCore) {
    this.core = core;
  }
}
