import { describe, expect, it } from "vitest";
import { nextSupportStatus, SUPPORT_EVENTS, SUPPORT_STATUSES } from "./status";

describe("support request state machine", () => {
  // every (status, event) pair: only three move
  const allowed: Record<string, string> = { "submitted/approve": "approved", "submitted/refuse": "refused", "approved/ship": "shipped" };
  for (const s of SUPPORT_STATUSES) {
    for (const e of SUPPORT_EVENTS) {
      const expected = allowed[`${s}/${e}`] ?? null;
      it(`${s} --${e}--> ${expected ?? "refused"}`, () => {
        expect(nextSupportStatus(s, e)).toBe(expected);
      });
    }
  }
  it("an unknown status never moves", () => {
    for (const e of SUPPORT_EVENTS) expect(nextSupportStatus("cancelled", e)).toBeNull();
  });
});
