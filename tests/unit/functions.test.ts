import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { seedDemoData } from "~/db/seed/seed.server";
import { getFunctionCodes } from "~/utils/guard.server";
import { freshDb, testDatabases } from "../helpers/db";

/** Page-level function codes come from the func children of the menus of the user's roles (spec §6). */
describe.each(testDatabases())("function codes on $name", ({ url }) => {
  let db: DB;
  const userId = async (code: string) =>
    (await db.selectFrom("app_user").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  beforeAll(async () => {
    db = await freshDb(await url());
    await seedDemoData(db, { products: 60 });
  });
  afterAll(async () => db?.destroy());

  it("a master holds the order and sub-account functions", async () => {
    const codes = await getFunctionCodes(db, await userId("XCD000001"));
    for (const c of ["order:submit", "order:cancel", "order:export", "order:import", "subAccount:edit"]) expect(codes).toContain(c);
  });

  it("a sub-account holds the order functions but not the sub-account ones", async () => {
    const codes = await getFunctionCodes(db, await userId("XCD000002"));
    expect(codes).toContain("order:export");
    expect(codes).not.toContain("subAccount:edit");
  });

  it("a user without roles holds none", async () => {
    const id = await userId("XCD000002");
    await db.deleteFrom("user_role").where("user_id", "=", id).execute();
    expect((await getFunctionCodes(db, id)).size).toBe(0);
  });
});
