import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { createWorld, type World } from "../../../tests/helpers/auth-fixtures";
import { createAddress, deleteAddress, getAddress, listAddresses, setDefaultAddress, updateAddress } from "./addresses.server";
import { createAddressSchema } from "./schemas.server";
import { NotFoundError } from "~/modules/errors";

const issue = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : `${r.error!.issues[0].path.join(".")}: ${r.error!.issues[0].message}`;

const valid = {
  intent: "create",
  consignee: "张伟",
  phone: "13800000001",
  province: "湖南省",
  city: "株洲市",
  district: "荷塘区",
  line: "钻石路 288 号",
  postcode: "412000",
};

/** The new address's id; a refused address fails the test with its error key. */
async function createdId(...args: Parameters<typeof createAddress>): Promise<{ id: number }> {
  const created = await createAddress(...args);
  if (!created.ok) throw new Error(created.error.key);
  return { id: created.value };
}

describe("address form rules", () => {
  it.each([
    [{}, null],
    [{ consignee: " " }, "consignee: address.consigneeRequired"],
    [{ phone: "" }, "phone: validation.mobileRequired"],
    [{ phone: "12ab" }, "phone: validation.mobileFormat"],
    [{ province: undefined }, "province: address.provinceRequired"],
    [{ city: "" }, "city: address.cityRequired"],
    [{ district: "" }, "district: address.districtRequired"],
    [{ line: "" }, "line: address.lineRequired"],
    [{ line: "x".repeat(301) }, "line: validation.tooLong"],
    [{ postcode: "!!" }, "postcode: address.postcodeFormat"],
    [{ postcode: "" }, null],
  ])("%j → %s", (change, expected) => expect(issue(createAddressSchema.safeParse({ ...valid, ...change }))).toBe(expected));
});

describe.each(testDatabases())("addresses ($name)", ({ url }) => {
  let db: DB;
  let world: World;
  const a = () => ({ customerId: world.customers.a });
  const b = () => ({ customerId: world.customers.b });
  const input = (change: Record<string, unknown> = {}) => createAddressSchema.parse({ ...valid, ...change });

  beforeAll(async () => {
    db = await freshDb(await url());
    world = await createWorld(db);
  });
  afterAll(() => db.destroy());

  it("the first address becomes the default; add, edit, set default, delete", async () => {
    const one = await createdId(db, a(), input());
    const two = await createdId(db, a(), input({ consignee: "李娜" }));
    expect((await listAddresses(db, a())).map((x) => [x.id, x.isDefault])).toEqual([
      [one.id, true],
      [two.id, false],
    ]);
    await updateAddress(db, a(), two.id, input({ consignee: "李娜娜", isDefault: "on" }));
    let list = await listAddresses(db, a());
    expect(list[0]).toMatchObject({ id: two.id, consignee: "李娜娜", isDefault: true });
    expect(list.filter((x) => x.isDefault)).toHaveLength(1);
    await setDefaultAddress(db, a(), one.id);
    expect((await getAddress(db, a(), one.id)).isDefault).toBe(true);
    await deleteAddress(db, a(), one.id);
    list = await listAddresses(db, a());
    expect(list.map((x) => [x.id, x.isDefault])).toEqual([[two.id, true]]);
  });

  it("DPC000001 (dealer B) gets 404 on dealer A's addresses", async () => {
    const mine = await createdId(db, a(), input());
    for (const attempt of [
      () => getAddress(db, b(), mine.id),
      () => updateAddress(db, b(), mine.id, input()),
      () => setDefaultAddress(db, b(), mine.id),
      () => deleteAddress(db, b(), mine.id),
    ]) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(NotFoundError); // the web layer answers 404
    }
    expect(await listAddresses(db, b())).toEqual([]);
    expect((await getAddress(db, a(), mine.id)).consignee).toBe("张伟");
  });
});
