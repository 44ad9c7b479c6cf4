/**
 * The address an order form starts on: the one asked for (just added), else the default, else the
 * newest; none when the book is empty.
 */
export function chooseAddress<A extends { id: number; isDefault: boolean }>(addresses: A[], wantedId?: number): A | undefined {
  return addresses.find((a) => a.id === wantedId) ?? addresses.find((a) => a.isDefault) ?? addresses[0];
}
