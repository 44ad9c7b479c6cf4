import { describe, expect, it } from "vitest";
import { oncePerRequest, runInRequestScope } from "./request-scope.server";

describe("oncePerRequest", () => {
  it("makes a value once for all the loaders of one GET, and afresh for the next request", async () => {
    let reads = 0;
    const read = () => oncePerRequest("user", async () => ++reads);
    const page = () => runInRequestScope("GET", () => Promise.all([read(), read(), read()]));
    expect(await page()).toEqual([1, 1, 1]);
    expect(await page()).toEqual([2, 2, 2]);
  });

  it("reads afresh on every call of a POST (an action may change what it read) and outside a request", async () => {
    let reads = 0;
    const read = () => oncePerRequest("user", async () => ++reads);
    expect(await runInRequestScope("POST", () => Promise.all([read(), read()]))).toEqual([1, 2]);
    expect(await read()).toBe(3);
  });

  it("keeps two requests at the same time apart", async () => {
    const seen = await Promise.all(
      ["a", "b"].map((name) =>
        runInRequestScope("GET", async () => {
          const first = await oncePerRequest("who", async () => name);
          await new Promise((resolve) => setTimeout(resolve, 5));
          return [first, await oncePerRequest("who", async () => "other")];
        }),
      ),
    );
    expect(seen).toEqual([
      ["a", "a"],
      ["b", "b"],
    ]);
  });
});
