/**
 * Thrown by a domain function asked for an object that is not there for this actor (another
 * customer's, or none): the web layer answers 404 (`notFoundWhenMissing` in ~/utils/guard.server),
 * so another customer's data is invisible, not merely hidden.
 */
export class NotFoundError extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = "NotFoundError";
  }
}
