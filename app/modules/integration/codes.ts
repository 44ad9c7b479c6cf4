/**
 * The integration API's answer codes (spec §8, decision 072). Every answer under `/prod-api` is
 * `{ code, data, message }`: 20000 is success; 50014 (no token, or its session is over) and
 * 50012 (a token that cannot be one) are the spec's "log in again" codes; the others are ours,
 * the HTTP status times 100, so a client that reads only the status is not misled.
 */
export const API_CODES = {
  success: 20000,
  badRequest: 40000,
  forbidden: 40300,
  notFound: 40400,
  methodNotAllowed: 40500,
  refused: 42200,
  tooManyRequests: 42900,
  serverError: 50000,
  illegalToken: 50012,
  tokenExpired: 50014,
} as const;

export type ApiCode = (typeof API_CODES)[keyof typeof API_CODES];

/** The HTTP status an answer code goes with. */
export function httpStatusOf(code: ApiCode): number {
  if (code === API_CODES.success) return 200;
  if (code === API_CODES.tokenExpired || code === API_CODES.illegalToken) return 401;
  return Math.floor(code / 100);
}
