/**
 * The shape of a request's state machine (decision 062), shared by after-sales feedback,
 * customized-tool quotations, support requests and stock reservations: for each state, the events
 * that may move it and the state each one leads to. A state that lists no event is final. Not a
 * .server file: the pages read the tables too, to show only the forms that can succeed.
 */
export type StateTable<S extends string, E extends string> = Record<S, Partial<Record<E, S>>>;

/** The state `event` moves a request in state `from` to, or null when the table has no such arrow. */
export function nextState<S extends string, E extends string>(table: StateTable<S, E>, from: string, event: E): S | null {
  return (table as Record<string, Partial<Record<E, S>>>)[from]?.[event] ?? null;
}
