import { describe, expect, it } from "vitest";
import { SCOPE_HEADER, oncePerRequest, openRequestScope } from "./request-scope.server";

describe("request scope", () => {
  const requestIn = (scopeId: string | null) => new Request("http://shop.test/product", { headers: scopeId ? { [SCOPE_HEADER]: scopeId } : {} });

  it("computes a value once for the loaders of one request, afresh for another request", () => {
    let computed = 0;
    const compute = () => ++computed;
    const a = openRequestScope();
    const b = openRequestScope();
    expect(oncePerRequest(requestIn(a.id), "user", compute)).toBe(1);
    expect(oncePerRequest(requestIn(a.id), "user", compute)).toBe(1); // another loader's copy of the request
    expect(oncePerRequest(requestIn(b.id), "user", compute)).toBe(2);
    a.close();
    b.close();
  });

  it("outside a scope (no header, an unknown or closed scope) computes every time", () => {
    let computed = 0;
    const compute = () => ++computed;
    const scope = openRequestScope();
    scope.close();
    expect(oncePerRequest(requestIn(null), "user", compute)).toBe(1);
    expect(oncePerRequest(requestIn(scope.id), "user", compute)).toBe(2);
    expect(oncePerRequest(requestIn("forged-by-a-client"), "user", compute)).toBe(3);
  });
});
