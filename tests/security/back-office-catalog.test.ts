import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * Customers and prices, price/stock import, catalogue editing over HTTP (decision 045): every
 * new page and action answers a signed-out visitor with the sign-in page, a dealer with 404, a
 * staff member without the function code with 403 and the right staff with 200; cross-site posts
 * are refused, a double post has one effect, scripts in texts come back as text, and another
 * party's or entity's id is a 404.
 */
let shop: Shop;
let dealer: string;
let support: string; // customer support: none of the new codes
let orderDesk: string; // customers and prices
let editor: string; // content editor: the catalogue
let admin: string;
const ids = { customer: 0, internal: 0, product: 0, tenant: 0, otherTenant: 0, node: "", job: 0, initJob: 0 };

async function xlsx(rows: (string | number)[][]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("s");
  for (const r of rows) ws.addRow(r);
  return new Blob([await wb.xlsx.writeBuffer()]);
}
const upload = async (cookie: string, file: Blob, tenantId: number, origin = shop.base) => {
  const form = new FormData();
  form.set("tenantId", String(tenantId));
  form.set("file", file, "prices.xlsx");
  return fetch(`${shop.base}/system/priceImport`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: origin }, body: form });
};
async function waitForJob(id: number) {
  for (let i = 0; i < 100; i++) {
    const { status } = shop.one<{ status: string }>("select status from background_job where id = ?", id);
    if (status !== "queued" && status !== "running") return status; // waiting for the job queue's worker, or working
    await new Promise((r) => setTimeout(r, 100));
  }
  return "running";
}

beforeAll(async () => {
  // its own server: the back office changes the catalogue, products and prices every dealer sees
  shop = await startShop();
  [dealer, support, orderDesk, editor, admin] = await Promise.all(["XCD000001", "EMP000003", "EMP000002", "EMP000004", "EMP000001"].map((c) => shop.signIn(c)));
  ids.customer = shop.one<{ id: number }>("select id from customer where code = 'C10001'").id;
  ids.internal = shop.one<{ id: number }>("select id from customer where kind = 'internal'").id;
  ids.product = shop.one<{ id: number }>("select id from product where ordering_code = 'CNMG120408-DM YBC252'").id;
  ids.tenant = shop.one<{ id: number }>(
    "select ut.tenant_id as id from user_tenant ut join app_user u on u.id = ut.user_id where u.code = 'XCD000001' order by ut.is_default desc",
  ).id;
  ids.node = shop.one<{ code: string }>("select code from catalogue_node where level = 2 order by code").code;
  shop.run(
    "insert into background_job (kind, status, total, done, subject_id, message) values ('price_import', 'done', 1, 1, ?, '{\"file\":\"x.xlsx\",\"rows\":1}')",
    ids.tenant,
  );
  ids.job = shop.one<{ id: number }>("select max(id) as id from background_job").id;
  shop.run("insert into background_job (kind, status, total, done, subject_id) values ('tenant_init', 'done', 0, 0, ?)", ids.tenant);
  ids.initJob = shop.one<{ id: number }>("select max(id) as id from background_job").id;
});
afterAll(() => shop?.stop());

const path = (p: string) =>
  p
    .replace("CUST", String(ids.customer))
    .replace("PROD", String(ids.product))
    .replace("NODE", ids.node)
    .replace("JOB", String(ids.job))
    .replace("TENANT", String(ids.tenant));

/** [page, function code, a staff member who holds it besides the administrator] */
const PAGES: [string, string, () => string][] = [
  ["/system/customer", "cus:customer:view", () => orderDesk],
  ["/system/customer/CUST", "cus:customer:view", () => orderDesk],
  ["/system/customer/CUST/prices?tenant=TENANT", "cus:price:view", () => orderDesk],
  ["/system/priceImport", "cus:price:import", () => orderDesk],
  ["/system/priceImport/template?lang=en", "cus:price:import", () => orderDesk],
  ["/system/priceImport/job/JOB", "cus:price:import", () => orderDesk],
  ["/system/catalogueNode", "cat:node:view", () => editor],
  ["/system/catalogueNode?parent=NODE", "cat:node:view", () => editor],
  ["/system/catalogueNode/new?parent=NODE", "cat:node:edit", () => editor],
  ["/system/catalogueNode/NODE", "cat:node:edit", () => editor],
  ["/system/product", "cat:product:view", () => editor],
  ["/system/product/PROD", "cat:product:view", () => editor],
  ["/system/product/new", "cat:product:edit", () => editor],
];

describe("who may open the new pages", () => {
  it.each(PAGES)("%s (%s): signed out → /login, dealer → 404, other staff → 403, its staff and the administrator → 200", async (page, _code, holder) => {
    const out = await shop.get(path(page), "");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toMatch(/^\/login\?redirect=/);
    expect((await shop.get(path(page), dealer)).status).toBe(404);
    expect((await shop.get(path(page), support)).status).toBe(403);
    expect((await shop.get(path(page), holder())).status).toBe(200);
    expect((await shop.get(path(page), admin)).status).toBe(200);
  });

  it("the template comes in both languages", async () => {
    for (const lang of ["zh", "en"]) {
      const answer = await shop.get(`/system/priceImport/template?lang=${lang}`, admin);
      expect(answer.headers.get("content-type")).toContain("spreadsheetml");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await answer.arrayBuffer());
      expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe(lang === "en" ? "Ordering code" : "订货号");
    }
  });

  it("another party's or entity's id is a 404", async () => {
    expect((await shop.get(`/system/customer/${ids.internal}`, admin)).status).toBe(404);
    expect((await shop.get("/system/customer/999999", admin)).status).toBe(404);
    expect((await shop.get(path("/system/customer/CUST/prices?tenant=999999"), admin)).status).toBe(404);
    expect((await shop.get("/system/product/999999", admin)).status).toBe(404);
    expect((await shop.get("/system/catalogueNode/NOPE-NODE", admin)).status).toBe(404);
    expect((await shop.get("/system/catalogueNode/new?parent=NOPE-NODE", admin)).status).toBe(404);
    expect((await shop.get(`/system/priceImport/job/${ids.initJob}`, admin)).status).toBe(404);
    expect(
      (
        await shop.post(`/system/customer/${ids.internal}`, admin, {
          intent: "terms",
          nameZh: "x",
          nameEn: "x",
          creditLimit: "1",
          paymentTermsDays: "1",
          billTermsDays: "1",
          discount: "1",
        })
      ).status,
    ).toBe(404);
    const otherMaster = shop.one<{ id: number }>("select id from app_user where code = 'DPC000001'").id;
    expect((await shop.post(path("/system/customer/CUST"), admin, { intent: "erp", userId: String(otherMaster), erpAccount: "HIJACK" })).status).toBe(404);
    expect(shop.one<{ e: string }>("select erp_account e from app_user where id = ?", otherMaster).e).toBe("C20001");
    expect(
      (await shop.post(path("/system/customer/CUST/prices"), admin, { intent: "set", tenantId: "999999", orderingCode: "CNMG120408-DM YBC252", price: "1" }))
        .status,
    ).toBe(404);
    expect((await shop.post(path("/system/product/PROD"), admin, { intent: "stock", tenantId: "999999", available: "1", leadTimeDays: "1" })).status).toBe(404);
  });
});

describe("the new actions", () => {
  const customerFields = {
    intent: "terms",
    nameZh: "湖南精工刀具贸易有限公司",
    nameEn: "Hunan Precision Tools Trading Co.",
    creditLimit: "600000.00",
    paymentTermsDays: "30",
    billTermsDays: "60",
    discount: "5.00",
  };

  it("need their edit code: a dealer 404, other staff 403, and nothing changes", async () => {
    const before = shop.one<{ credit_limit: number }>("select credit_limit from customer where id = ?", ids.customer).credit_limit;
    expect((await shop.post(path("/system/customer/CUST"), dealer, customerFields)).status).toBe(404);
    expect((await shop.post(path("/system/customer/CUST"), support, customerFields)).status).toBe(403);
    expect((await shop.post(path("/system/customer/CUST"), editor, customerFields)).status).toBe(403);
    expect(shop.one<{ credit_limit: number }>("select credit_limit from customer where id = ?", ids.customer).credit_limit).toBe(before);
    expect(
      (
        await shop.post(path("/system/customer/CUST/prices"), support, {
          intent: "set",
          tenantId: String(ids.tenant),
          orderingCode: "PCLNR2525M12",
          price: "1",
        })
      ).status,
    ).toBe(403);
    expect(
      (await shop.post(path("/system/product/PROD"), orderDesk, { intent: "stock", tenantId: String(ids.tenant), available: "1", leadTimeDays: "1" })).status,
    ).toBe(403);
    expect((await shop.post(path("/system/catalogueNode/NODE"), orderDesk, { labelZh: "x", labelEn: "x", sort: "1" })).status).toBe(403);
    expect((await shop.post("/system/catalogueNode/new", support, { code: "SEC-NEW", labelZh: "x", labelEn: "x", sort: "1" })).status).toBe(403);
    expect((await upload(editor, await xlsx([["订货号", "牌价（元）", "可用库存", "交货周期（天）"]]), ids.tenant)).status).toBe(403);
    expect((await upload(dealer, await xlsx([["订货号", "牌价（元）", "可用库存", "交货周期（天）"]]), ids.tenant)).status).toBe(404);
    const newProduct = {
      intent: "product",
      orderingCode: "SEC-NEW-0001",
      kind: "drill",
      catalogueCode: shop.one<{ c: string }>("select code c from catalogue_node where level = 4").c,
      nameZh: "x",
      nameEn: "x",
      unit: "pc",
      mpq: "1",
      moq: "1",
      status: "active",
    };
    expect((await shop.post("/system/product/new", orderDesk, newProduct)).status).toBe(403);
    expect((await shop.post("/system/product/new", dealer, newProduct)).status).toBe(404);
    expect((await shop.post("/system/product/new", admin, newProduct, { Origin: "https://evil.example" })).status).toBe(403);
    expect(shop.one<{ n: number }>("select count(*) n from product where ordering_code = 'SEC-NEW-0001'").n).toBe(0);
    const twice = await Promise.all([shop.post("/system/product/new", admin, newProduct), shop.post("/system/product/new", admin, newProduct)]);
    expect(twice.map((a) => a.status).sort()).toEqual([302, 400]);
    expect(shop.one<{ n: number }>("select count(*) n from product where ordering_code = 'SEC-NEW-0001'").n).toBe(1);
    expect(shop.one<{ n: number }>("select count(*) n from customer_price where price = 100").n).toBe(0);
    expect(shop.one<{ n: number }>("select count(*) n from catalogue_node where code = 'SEC-NEW'").n).toBe(0);
  });

  it("refuse cross-site posts", async () => {
    const evil = { Origin: "https://evil.example" };
    expect((await shop.post(path("/system/customer/CUST"), admin, { ...customerFields, creditLimit: "1.00" }, evil)).status).toBe(403);
    expect(shop.one<{ credit_limit: number }>("select credit_limit from customer where id = ?", ids.customer).credit_limit).not.toBe(100);
    expect((await shop.post("/system/catalogueNode/new", admin, { code: "EVIL-NODE", labelZh: "x", labelEn: "x", sort: "1" }, evil)).status).toBe(403);
    expect(shop.one<{ n: number }>("select count(*) n from catalogue_node where code = 'EVIL-NODE'").n).toBe(0);
    const jobs = shop.one<{ n: number }>("select count(*) n from background_job").n;
    expect(
      (
        await upload(
          admin,
          await xlsx([
            ["订货号", "牌价（元）", "可用库存", "交货周期（天）"],
            ["PCLNR2525M12", 1, 1, 1],
          ]),
          ids.tenant,
          "https://evil.example",
        )
      ).status,
    ).toBe(403);
    expect(shop.one<{ n: number }>("select count(*) n from background_job").n).toBe(jobs);
  });

  it("a double post has one effect: one customer price, one node", async () => {
    const fields = { intent: "set", tenantId: String(ids.tenant), orderingCode: "PCLNR2525M12", price: "399.00" };
    const answers = await Promise.all([
      shop.post(path("/system/customer/CUST/prices"), admin, fields),
      shop.post(path("/system/customer/CUST/prices"), admin, fields),
    ]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(
      shop.query(
        "select price from customer_price cp join product p on p.id = cp.product_id where cp.customer_id = ? and cp.tenant_id = ? and p.ordering_code = 'PCLNR2525M12'",
        ids.customer,
        ids.tenant,
      ),
    ).toEqual([{ price: 39900 }]);
    const node = { code: "SEC-TWICE", labelZh: "两次", labelEn: "Twice", sort: "5" };
    const nodeAnswers = await Promise.all([
      shop.post(`/system/catalogueNode/new?parent=${ids.node}`, admin, node),
      shop.post(`/system/catalogueNode/new?parent=${ids.node}`, admin, node),
    ]);
    expect(nodeAnswers.map((a) => a.status).sort()).toEqual([302, 400]);
    expect(shop.one<{ n: number }>("select count(*) n from catalogue_node where code = 'SEC-TWICE'").n).toBe(1);
  });

  it("scripts in texts come back as text, and changes are audited", async () => {
    const probe = "<script>alert(1)</script>";
    const answer = await shop.post(path("/system/customer/CUST"), admin, { ...customerFields, nameEn: probe });
    expect(answer.status, (await answer.clone().text()).slice(-600)).toBe(302);
    const html = await (await shop.get("/system/customer?q=C10001", admin)).text();
    expect(html).not.toContain(probe);
    const page = await (await shop.get(path("/system/customer/CUST"), admin)).text();
    expect(page).not.toContain(probe);
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    await shop.post(path("/system/customer/CUST"), admin, customerFields);
    expect(shop.one<{ n: number }>("select count(*) n from audit_log where entity = 'customer' and user_code = 'EMP000001'").n).toBeGreaterThanOrEqual(2);
    expect((await shop.post(path("/system/catalogueNode/NODE"), admin, { labelZh: probe, labelEn: probe, sort: "1", showFlag: "on" })).status).toBe(302);
    const nodes = await (await shop.get("/system/catalogueNode", admin)).text();
    expect(nodes).not.toContain(probe);
  });

  it("a bad ISO code is refused with its message; a bad price file with its row and column, nothing written", async () => {
    const fields = {
      intent: "product",
      orderingCode: "CNMG1204-DM YBC252",
      kind: "turning_insert",
      catalogueCode: shop.one<{ c: string }>("select catalogue_code c from product where id = ?", ids.product).c,
      nameZh: "x",
      nameEn: "x",
      unit: "pc",
      mpq: "10",
      moq: "10",
      status: "active",
    };
    const answer = await shop.post(path("/system/product/PROD"), admin, fields);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/不是有效的 ISO 刀片订货号|Not a valid ISO insert code/);
    expect(shop.one<{ c: string }>("select ordering_code c from product where id = ?", ids.product).c).toBe("CNMG120408-DM YBC252");

    const price = shop.one<{ p: number }>("select list_price p from product where ordering_code = 'PCLNR2525M12'").p;
    const bad = await upload(
      admin,
      await xlsx([
        ["订货号", "牌价（元）", "可用库存", "交货周期（天）"],
        ["PCLNR2525M12", 1, 1, 1],
        ["CNMG120408-DM YBC252", 2, -1, 1],
      ]),
      ids.tenant,
    );
    expect(bad.status).toBe(302);
    const jobId = Number(/\/job\/(\d+)$/.exec(bad.headers.get("location") ?? "")?.[1]);
    expect(await waitForJob(jobId)).toBe("failed");
    const status = await (await shop.get(`/system/priceImport/job/${jobId}`, admin)).text();
    expect(status).toMatch(/第 3 行 C 列|Row 3, column C/);
    expect(shop.one<{ p: number }>("select list_price p from product where ordering_code = 'PCLNR2525M12'").p).toBe(price);
    const notExcel = await upload(admin, new Blob(["<script>alert(1)</script>"]), ids.tenant);
    expect(notExcel.status).toBe(302);
    const id2 = Number(/\/job\/(\d+)$/.exec(notExcel.headers.get("location") ?? "")?.[1]);
    expect(await waitForJob(id2)).toBe("failed");
  });
});
