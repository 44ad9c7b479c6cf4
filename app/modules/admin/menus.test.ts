import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { addQuoteTypeMenu } from "~/db/migrations/2026-11-26-0018-quote-type-editor";
import { landingPage } from "~/modules/auth/login.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { listAudit } from "./audit.server";
import { firstAllowedRoute, getMenuRow, grantedFunctionCodes, menuTree, saveMenu, shopRoles } from "./menus.server";
import { getRole, saveRole } from "./roles.server";
import { bumpVersion } from "./versions.server";

/** Menus, roles and function codes from the database (spec §6), as the shop and back office read them. */
describe.each(testDatabases())("menus and roles on $name", ({ seeded }) => {
  let db: DB;
  const admin = { id: 0, code: "EMP000001", tenantId: null };
  const roleId = async (code: string) => (await db.selectFrom("role").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const menuId = async (name: string) => (await db.selectFrom("menu").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  withFreshDb(
    () => seeded({ products: 60 }),
    async (fresh) => {
      db = fresh;
      admin.id = (await db.selectFrom("app_user").select("id").where("code", "=", "EMP000001").executeTakeFirstOrThrow()).id;
    },
  );

  it("a master holds the order and sub-account functions, a sub-account not the sub-account ones, a visitor none", async () => {
    const master = await grantedFunctionCodes(db, shopRoles(["customer_master"]));
    for (const c of ["order:submit", "order:cancel", "order:export", "order:import", "subAccount:edit"]) expect(master).toContain(c);
    const sub = await grantedFunctionCodes(db, shopRoles(["customer_sub"]));
    expect(sub).toContain("order:export");
    expect(sub).not.toContain("subAccount:edit");
    expect((await grantedFunctionCodes(db, shopRoles(null))).size).toBe(0);
  });

  it("the shop's main menu is today's: spec order, Chinese-only items in Chinese, customer support for its roles", async () => {
    const names = async (roles: string[] | null, lang: "zh" | "en") => (await menuTree(db, { area: "shop", roles: shopRoles(roles), lang })).map((i) => i.name);
    expect(await names(null, "zh")).toEqual([
      "homePage",
      "product",
      "technologyService",
      "industrySolution",
      "partnerCloud",
      "afterSalesService",
      "downloadService",
      "aboutUs",
    ]);
    expect(await names(["customer_support"], "zh")).toEqual([
      "homePage",
      "product",
      "customerSupport",
      "technologyService",
      "industrySolution",
      "partnerCloud",
      "afterSalesService",
      "downloadService",
      "aboutUs",
    ]);
    expect(await names(["customer_support"], "en")).toEqual(["homePage", "product", "technologyService", "industrySolution", "downloadService", "aboutUs"]);
  });

  it("staff see the back office's sidebar; the administrator all of it", async () => {
    const sidebar = await menuTree(db, { area: "admin", roles: ["admin"], lang: "en" });
    expect(sidebar.map((i) => i.title)).toEqual([
      "Dashboard",
      "Order desk",
      "Customers and prices",
      "Catalogue",
      "Promotions",
      "Content",
      "Dealer messages",
      "Customer service",
      "Tool quotations",
      "After-sales feedback",
      "System",
    ]);
    expect(sidebar.at(-1)!.children.map((i) => i.href)).toContain("/system/menu");
    expect((await menuTree(db, { area: "admin", roles: ["order_desk"], lang: "en" })).map((i) => i.title)).toEqual([
      "Dashboard",
      "Order desk",
      "Customers and prices",
      "Dealer messages",
      "Tool quotations",
    ]);
    expect((await menuTree(db, { area: "admin", roles: ["content_editor"], lang: "en" })).map((i) => i.title)).toEqual([
      "Dashboard",
      "Catalogue",
      "Promotions",
      "Content",
      "Dealer messages",
    ]);
    expect((await menuTree(db, { area: "admin", roles: ["support_staff"], lang: "en" })).map((i) => i.title)).toEqual([
      "Dashboard",
      "Customer service",
      "Tool quotations",
      "After-sales feedback",
    ]);
    expect(await grantedFunctionCodes(db, ["support_staff"])).toContain("svc:feedback:edit");
    expect([...(await grantedFunctionCodes(db, ["support_staff"]))]).toEqual(
      expect.arrayContaining(["svc:support:view", "svc:support:edit", "svc:survey:edit"]),
    );
    expect(await grantedFunctionCodes(db, ["order_desk"])).not.toContain("svc:support:edit");
    expect(await grantedFunctionCodes(db, ["order_desk"])).toContain("cus:price:import");
    expect(await grantedFunctionCodes(db, ["content_editor"])).not.toContain("cus:customer:edit");
    expect(await grantedFunctionCodes(db, ["admin"])).toContain("sys:menu:edit");
    expect(await grantedFunctionCodes(db, ["order_desk"])).not.toContain("sys:menu:edit");
  });

  it("the tool types editor is the administrator's, under Tool quotations; a database seeded before it gets it from migration 0018", async () => {
    const group = async (role: string) =>
      (await menuTree(db, { area: "admin", roles: [role], lang: "en" })).find((i) => i.title === "Tool quotations")!.children.map((i) => i.href);
    expect(await group("admin")).toEqual(["/system/quotation", "/system/quotationToolType"]);
    expect(await group("order_desk")).toEqual(["/system/quotation"]);
    expect(await grantedFunctionCodes(db, ["admin"])).toContain("svc:quoteType:edit");
    for (const role of ["order_desk", "support_staff", "content_editor"]) expect(await grantedFunctionCodes(db, [role])).not.toContain("svc:quoteType:edit");
    // as an older database: without the entry, then migrated
    const ids = (await db.selectFrom("menu").select("id").where("name", "in", ["quotationToolType", "svc_quoteType_edit"]).execute()).map((r) => r.id);
    await db.deleteFrom("role_menu").where("menu_id", "in", ids).execute();
    await db.deleteFrom("menu").where("name", "=", "svc_quoteType_edit").execute();
    await db.deleteFrom("menu").where("name", "=", "quotationToolType").execute();
    await bumpVersion(db, "menu");
    expect(await grantedFunctionCodes(db, ["admin"])).not.toContain("svc:quoteType:edit");
    await addQuoteTypeMenu(db);
    await addQuoteTypeMenu(db); // once only
    expect(await db.selectFrom("menu").select("id").where("name", "=", "quotationToolType").execute()).toHaveLength(1);
    expect(await group("admin")).toEqual(["/system/quotation", "/system/quotationToolType"]);
    expect(await group("order_desk")).toEqual(["/system/quotation"]);
    // the migration moved the menus' version: every process sees the entry without a restart
    expect(await grantedFunctionCodes(db, ["admin"])).toContain("svc:quoteType:edit");
  });

  it("a renamed menu node shows in the next read (the cache follows the version) and is audited", async () => {
    const id = await menuId("downloadService");
    const before = await getMenuRow(db, id);
    await menuTree(db, { area: "shop", roles: shopRoles(null), lang: "zh" }); // fills the cache
    const result = await saveMenu(db, admin, id, {
      parentId: null,
      area: "shop",
      type: "menu",
      name: before.name,
      titleZh: "资料下载",
      titleEn: "Documents",
      href: before.href,
      funcCode: null,
      icon: null,
      redirect: null,
      activeMenu: null,
      sort: before.sort,
      hidden: false,
      alwaysShow: false,
      noCache: false,
      breadcrumb: true,
      affix: false,
      zhOnly: false,
    });
    expect(result).toEqual({ ok: true, value: id });
    const tree = await menuTree(db, { area: "shop", roles: shopRoles(null), lang: "en" });
    expect(tree.find((i) => i.name === "downloadService")?.title).toBe("Documents");
    const { rows } = await listAudit(db, { entity: "menu", entityId: String(id) }, 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_code: "EMP000001", action: "update" });
    expect(JSON.parse(rows[0].before_json ?? "{}")).toMatchObject({ title_en: "Downloads" });
    expect(JSON.parse(rows[0].after_json ?? "{}")).toMatchObject({ title_en: "Documents" });
  });

  it("refuses a func without parent, a taken function code and a node under itself", async () => {
    const base = {
      area: "shop" as const,
      name: "x",
      titleZh: "x",
      titleEn: "x",
      href: null,
      icon: null,
      redirect: null,
      activeMenu: null,
      sort: 1,
      hidden: false,
      alwaysShow: false,
      noCache: false,
      breadcrumb: true,
      affix: false,
      zhOnly: false,
    };
    expect(await saveMenu(db, admin, null, { ...base, parentId: null, type: "func", funcCode: "x:y" })).toEqual({
      ok: false,
      error: { key: "admin:menu.funcNeedsParent" },
    });
    expect(await saveMenu(db, admin, null, { ...base, parentId: await menuId("orderList"), type: "func", funcCode: "order:export" })).toEqual({
      ok: false,
      error: { key: "admin:menu.funcCodeTaken" },
    });
    const order = await menuId("order");
    expect(await saveMenu(db, admin, order, { ...base, parentId: await menuId("orderList"), type: "menu", funcCode: null })).toEqual({
      ok: false,
      error: { key: "admin:menu.cycle" },
    });
  });

  it("a function code taken away from a role is no longer granted; ancestors of a grant come along", async () => {
    const master = await roleId("customer_master");
    const role = await getRole(db, master);
    const exportId = await menuId("order_export");
    await saveRole(db, admin, master, {
      code: role.code,
      nameZh: role.name_zh,
      nameEn: role.name_en,
      isCustomer: true,
      menuIds: role.menuIds.filter((m) => m !== exportId),
    });
    expect(await grantedFunctionCodes(db, shopRoles(["customer_master"]))).not.toContain("order:export");
    // the sub-account role still has it
    expect(await grantedFunctionCodes(db, shopRoles(["customer_sub"]))).toContain("order:export");

    const editor = await roleId("content_editor");
    await saveRole(db, admin, editor, {
      code: "content_editor",
      nameZh: "内容编辑",
      nameEn: "Content editor",
      isCustomer: false,
      menuIds: [await menuId("sys_audit_view")],
    });
    const granted = (await getRole(db, editor)).menuIds;
    expect(granted).toEqual(expect.arrayContaining([await menuId("system"), await menuId("auditLog"), await menuId("sys_audit_view")]));
    expect(await saveRole(db, admin, editor, { code: "admin", nameZh: "x", nameEn: "x", isCustomer: false, menuIds: [] })).toEqual({
      ok: false,
      error: { key: "admin:role.codeTaken", field: "code" },
    });
  });

  it("the landing page: staff on their first sidebar page, dealers on the index parameter or the first menu page", async () => {
    expect(await firstAllowedRoute(db, "shop", shopRoles(null))).toBe("/homePage");
    expect(await landingPage(db, { partiesId: null, isStaff: true, roles: ["order_desk"] })).toBe("/system");
    expect(await landingPage(db, { partiesId: "CRMCPXX", roles: ["customer_master"] })).toBe("/selectionCategory");
    expect(await landingPage(db, null)).toBe("/homePage");
  });
});
