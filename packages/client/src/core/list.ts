// Auto-pagination: `await list()` is one page; `for await (const x of list())`
// walks every page, passing each `next_cursor` back verbatim, until `has_more === false`.
import type { WithResponse } from './api-promise.js';
import { InvalidResponseError, PaginationError } from './errors.js';
import type { List } from '../types/shared.js';

/** The result of every `list(...)`: a promise of the first page that is also an async iterable of every item. */
export class ListPromise<T> implements PromiseLike<List<T>>, AsyncIterable<T> {
  readonly #fetchPage: (cursor: string | undefined) => Promise<WithResponse<List<T>>>;
  readonly #startCursor: string | undefined;
  #first: Promise<WithResponse<List<T>>> | undefined;

  constructor(fetchPage: (cursor: string | undefined) => Promise<WithResponse<List<T>>>, startCursor?: string) {
    this.#fetchPage = fetchPage;
    this.#startCursor = startCursor;
  }

  // The first page is requested on first use (await, iteration or withResponse), once.
  #firstAnswer(): Promise<WithResponse<List<T>>> {
    this.#first ??= this.#fetchPage(undefined);
    return this.#first;
  }

  #firstPage(): Promise<List<T>> {
    return this.#firstAnswer().then((answer) => answer.data);
  }

  /** The first page together with its answer's status, headers and rate-limit figures. */
  withResponse(): Promise<WithResponse<List<T>>> {
    return this.#firstAnswer();
  }

  then<A = List<T>, B = never>(
    onfulfilled?: ((page: List<T>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<List<T> | B> {
    return this.#firstPage().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<List<T>> {
    return this.#firstPage().finally(onfinally);
  }

  /**
   * Every item across pages. Short and empty pages with `has_more: true` continue.
   * A cursor the server already handed out (a loop) or a missing one throws
   * PaginationError rather than spinning or stopping silently.
   */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    const seen = new Set<string>();
    if (this.#startCursor !== undefined) seen.add(this.#startCursor);
    let page = await this.#firstPage();
    for (;;) {
      if (!Array.isArray(page?.data)) {
        throw new InvalidResponseError({
          type: 'invalid_response',
          code: 'not_a_list',
          message: 'A list page has no `data` array',
        });
      }
      for (const item of page.data) yield item;
      if (page.has_more === false) return;
      const cursor = page.next_cursor;
      if (typeof cursor !== 'string' || cursor === '') {
        throw new PaginationError({
          type: 'pagination',
          code: 'cursor_missing',
          message: `A page said has_more: ${JSON.stringify(page.has_more)} but gave no next_cursor, so the next page cannot be asked for`,
        });
      }
      if (seen.has(cursor)) {
        throw new PaginationError({
          type: 'pagination',
          code: 'cursor_repeated',
          message: `The server handed back cursor ${JSON.stringify(cursor.slice(0, 80))} a second time; stopping instead of looping`,
        });
      }
      seen.add(cursor);
      page = (await this.#fetchPage(cursor)).data;
    }
  }
}
