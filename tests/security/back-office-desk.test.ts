import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * The order desk over HTTP (issue 17): every new page and action. Signed out → /login, a dealer
 * → 404, staff without the function code → 403, the order desk → 200; cross-site posts refused;
 * a double post has one effect; a script typed into a form is shown as text; another company
 * entity's order (or a dealer's draft) is a 404 for page and action alike.
 */
let shop: Shop;
let dealer: string;
let desk: string;
let support: string;
let admin: string;
beforeAll(async () => {
  // its own server: the desk confirms, ships and cancels the demo dealers' orders and moves stock, and it
  // counts every order of entity 1000 and every shipment (other files' orders would change the counts)
  shop = await startShop();
  dealer = await shop.signIn("XCD000001");
  desk = await shop.signIn("EMP000002");
  support = await shop.signIn("EMP000003");
  admin = await shop.signIn("EMP000001");
});
afterAll(() => shop?.stop());

/** An order of company entity `tenant` in `status`, n-th of them. */
const orderOf = (tenant: string, status: string, n = 0) =>
  shop.one<{ order_no: string }>(
    "select o.order_no from sales_order o join tenant t on t.id = o.tenant_id where t.code = ? and o.status = ? order by o.id limit 1 offset ?",
    tenant,
    status,
    n,
  ).order_no;
/** A confirmed order of entity 1000 with something still to ship, n-th of them. */
const openOrder = (n: number) =>
  shop.one<{ order_no: string }>(
    "select o.order_no from sales_order o join tenant t on t.id = o.tenant_id where t.code = '1000' and o.status = 'confirmed' and exists (select 1 from order_line l where l.order_id = o.id and l.shipped_qty < l.qty) order by o.id limit 1 offset ?",
    n,
  ).order_no;
const statusOf = (orderNo: string) => shop.one<{ status: string }>("select status from sales_order where order_no = ?", orderNo).status;
const count = (sql: string, ...params: unknown[]) => shop.one<{ n: number }>(sql, ...params).n;

const PAGES: [string, string][] = [
  ["/system/orders", "ord:order:view"],
  ["/system/orders?tab=all&status=confirmed&dealer=C10001&page=2", "ord:order:view"],
  ["/system/orders/export?tab=all", "ord:order:view"],
  ["/system/orders/ORDER", "ord:order:view"],
  ["/system/deliveries", "ord:delivery:view"],
  ["/system/deliveries/template?lang=en", "ord:delivery:view"],
];
const path = (p: string) => p.replace("ORDER", orderOf("1000", "confirmed"));

describe("who may open the order desk", () => {
  it.each(PAGES)("%s: signed out → /login, dealer → 404, support staff → 403, order desk and administrator → 200", async (page) => {
    const out = await shop.get(path(page), "");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toMatch(/^\/login\?redirect=/);
    expect((await shop.get(path(page), dealer)).status).toBe(404);
    expect((await shop.get(path(page), support)).status).toBe(403);
    expect((await shop.get(path(page), desk)).status).toBe(200);
    expect((await shop.get(path(page), admin)).status).toBe(200);
  });

  it("the export is an Excel file of the entity's orders", async () => {
    const answer = await shop.get("/system/orders/export?tab=all", desk);
    expect(answer.headers.get("content-type")).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await answer.arrayBuffer());
    const rows = wb.worksheets[0].getSheetValues().filter(Boolean);
    expect(rows.length - 1).toBe(
      count("select count(*) n from sales_order o join tenant t on t.id = o.tenant_id where t.code = '1000' and o.status <> 'to_be_submitted'"),
    );
  });

  it("another entity's order and a dealer's draft are not found, page and action", async () => {
    for (const no of [orderOf("2000", "confirmed"), orderOf("1000", "to_be_submitted")]) {
      expect((await shop.get(`/system/orders/${no}`, desk)).status).toBe(404);
      const before = statusOf(no);
      expect((await shop.post(`/system/orders/${no}`, desk, { intent: "cancel", reason: "x" })).status).toBe(404);
      expect(statusOf(no)).toBe(before);
    }
    expect((await shop.get("/system/orders/SO-NOT-THERE", desk)).status).toBe(404);
    expect((await shop.get("/system/orders/%3Cscript%3E", desk)).status).toBe(404);
  });
});

describe("the order desk's actions", () => {
  it("need the edit code: signed out → /login, dealer 404, support staff 403; nothing changes", async () => {
    const no = orderOf("1000", "to_be_confirmed");
    const posts: Record<string, string>[] = [{ intent: "confirm" }, { intent: "cancel", reason: "x" }, { intent: "purchase" }];
    for (const fields of posts) {
      const out = await shop.post(`/system/orders/${no}`, "", fields);
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toMatch(/^\/login\?redirect=/);
      expect((await shop.post(`/system/orders/${no}`, dealer, fields)).status).toBe(404);
      expect((await shop.post(`/system/orders/${no}`, support, fields)).status).toBe(403);
    }
    expect(statusOf(no)).toBe("to_be_confirmed");
  });

  it("a cross-site post is refused", async () => {
    const no = orderOf("1000", "to_be_confirmed");
    const answer = await shop.post(`/system/orders/${no}`, desk, { intent: "confirm" }, { Origin: "https://evil.example" });
    expect(answer.status).toBe(403);
    expect(statusOf(no)).toBe("to_be_confirmed");
  });

  it("a double confirm has one effect: one audit entry, one notice", async () => {
    const no = orderOf("1000", "to_be_confirmed", 1);
    const notices = count("select count(*) n from notice where order_no = ?", no);
    const [a, b] = await Promise.all([
      shop.post(`/system/orders/${no}`, desk, { intent: "confirm" }),
      shop.post(`/system/orders/${no}`, desk, { intent: "confirm" }),
    ]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(statusOf(no)).toBe("confirmed");
    expect(count("select count(*) n from audit_log where entity = 'sales_order' and entity_id = ?", no)).toBe(1);
    expect(count("select count(*) n from notice where order_no = ?", no)).toBe(notices + 1);
  });

  it("a double shipment post (same form token) records one shipment; more than open is refused", async () => {
    const no = openOrder(0);
    const html = await (await shop.get(`/system/orders/${no}`, desk)).text();
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
    const line = shop.one<{ id: number; open: number }>(
      "select l.id, l.qty - l.shipped_qty open from order_line l join sales_order o on o.id = l.order_id where o.order_no = ? and l.qty > l.shipped_qty order by l.id limit 1",
      no,
    );
    expect(token).toBeTruthy();
    const fields = {
      intent: "ship",
      token: token!,
      shipDate: "2026-11-25",
      carrier: "<script>alert(1)</script>",
      trackingNo: "SF1",
      packingSlipNo: "PS1",
      batchNo: "B1",
      [`qty.${line.id}`]: "1",
    };
    const before = count("select count(*) n from shipment where order_line_id = ?", line.id);
    const answers = await Promise.all([shop.post(`/system/orders/${no}`, desk, fields), shop.post(`/system/orders/${no}`, desk, fields)]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(count("select count(*) n from shipment where order_line_id = ?", line.id)).toBe(before + 1);
    const over = await shop.post(`/system/orders/${no}`, desk, { ...fields, token: `${token}x`, [`qty.${line.id}`]: String(line.open + 5) });
    expect(over.status).toBe(400);
    // the script is text on the desk's page and in the dealer's delivery records
    const page = await (await shop.get(`/system/orders/${no}`, desk)).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // a support staff member cannot ship
    expect((await shop.post(`/system/orders/${no}`, support, { ...fields, token: `${token}y` })).status).toBe(403);
  });

  it("a cancel reason with a script is stored as typed and shown as text", async () => {
    const no = orderOf("1000", "submitted");
    const answer = await shop.post(`/system/orders/${no}`, desk, { intent: "cancel", reason: "<img src=x onerror=alert(1)>" });
    expect(answer.status).toBe(302);
    expect(statusOf(no)).toBe("cancelled");
    const page = await (await shop.get(`/system/orders/${no}`, desk)).text();
    expect(page).not.toContain("<img src=x onerror=alert(1)>");
    expect(page).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect((await shop.post(`/system/orders/${no}`, desk, { intent: "cancel", reason: "" })).status).toBe(400);
  });

  it("the shipment import: support staff 403, dealer 404, cross-site refused, a bad file changes nothing", async () => {
    const post = (cookie: string, body: FormData, origin = shop.base) =>
      fetch(`${shop.base}/system/deliveries`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: origin }, body });
    const form = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet("发货");
      for (const r of rows) ws.addRow(r);
      const f = new FormData();
      f.set("token", `tok_${Date.now()}_${Math.random().toString(36).slice(2, 12)}`);
      f.set("file", new Blob([await wb.xlsx.writeBuffer()]), "s.xlsx");
      return f;
    };
    const no = openOrder(1);
    const rows = [
      ["订单号", "行号", "发货数量", "发货日期", "承运商", "运单号", "装箱单号", "批号"],
      [no, 10, 1, "2026-11-25", "EMS", "E1", "P1", "B1"],
      [no, 10, 1, "bad date", "EMS", "E1", "P1", "B1"],
    ];
    const shipments = count("select count(*) n from shipment");
    expect((await post(support, await form(rows))).status).toBe(403);
    expect((await post(dealer, await form(rows))).status).toBe(404);
    expect((await post(desk, await form(rows), "https://evil.example")).status).toBe(403);
    const bad = await post(desk, await form(rows));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html.includes("日期格式应为 YYYY-MM-DD"), "the bad cell is named").toBe(true);
    expect(count("select count(*) n from shipment")).toBe(shipments);
  });
});
