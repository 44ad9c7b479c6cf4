import { describe, expect, it } from "vitest";
import { chooseAddress } from "./rules";

describe("chooseAddress: the address an order form starts on", () => {
  const book = [
    { id: 9, isDefault: false },
    { id: 7, isDefault: true },
    { id: 3, isDefault: false },
  ];
  it.each([
    ["the one just added", book, 3, 3],
    ["the default when none is asked for", book, undefined, 7],
    ["the default when the one asked for is not in the book", book, 42, 7],
    ["the newest when there is no default", book.map((a) => ({ ...a, isDefault: false })), undefined, 9],
    ["none in an empty book", [], 3, undefined],
  ])("%s", (_name, addresses, wanted, chosen) => {
    expect(chooseAddress(addresses, wanted)?.id).toBe(chosen);
  });
});
