import type Database from "better-sqlite3";

/**
 * Every back-office page (issue 16 §8), by name: known before any database exists, so that each
 * page's checks are a test of their own (page-checks.spec.ts, the coverage table). `url` reads the
 * demo row a page shows from the e2e database (pages that need an id take the first demo row).
 */
/** `account`: the demo account whose copy opens the page, when it is not the administrator (EMP000001). */
type Row = [name: string, url: (db: Database.Database) => string, account?: string];
const ROWS: Row[] = [
  ["dashboard", () => "/system"],
  ["profile", () => "/system/profile"],
  ["menus", () => "/system/menu"],
  ["menu edit", (db) => `/system/menu/${id(db, "select id from menu where area = 'shop' order by id limit 1")}`],
  ["roles", () => "/system/role"],
  ["role edit", (db) => `/system/role/${id(db, "select id from role where code = 'customer_master'")}`],
  ["parameters", () => "/system/parameter"],
  ["maintenance window", () => "/system/parameter/errorPage"],
  ["users", () => "/system/user"],
  ["user", (db) => `/system/user/${id(db, "select id from app_user where code = 'XCD000001'")}`],
  ["new user", () => "/system/user/new"],
  ["audit log", () => "/system/audit"],
  ["error log", () => "/system/errorLog"],
  ["company entities", () => "/system/dataArea"],
  ["company entity", (db) => `/system/dataArea/${id(db, "select id from tenant where code = '1000'")}`],
  ["company entity edit", (db) => `/system/dataArea/${id(db, "select id from tenant where code = '1000'")}/edit`],
  ["promotions", () => "/system/promotion"],
  ["new promotion", () => "/system/promotion/new"],
  [
    "promotion",
    (db) => `/system/promotion/${id(db, "select id from promotion where tenant_id = (select id from tenant where code = '1000') order by id limit 1")}`,
  ],
  ["new and hot products", () => "/system/newProduct"],
  ["content", () => "/system/content"],
  ["new announcement", () => "/system/content/new?kind=announcement"],
  ["content item", (db) => `/system/content/${id(db, "select id from content order by id limit 1")}`],
  ["content preview", (db) => `/system/content/preview/${id(db, "select id from content order by id limit 1")}`],
  ["content categories", () => "/system/contentCategory"],
  ["dealer messages", () => "/system/message"],
  ["order desk", () => "/system/orders"],
  ["order at the desk", (db) => `/system/orders/${text(db, "select order_no as v from sales_order where status = 'to_be_confirmed' order by id limit 1")}`],
  ["deliveries", () => "/system/deliveries"],
  ["customers", () => "/system/customer"],
  ["customer", (db) => `/system/customer/${id(db, "select id from customer where code = 'C10001'")}`],
  ["customer prices", (db) => `/system/customer/${id(db, "select id from customer where code = 'C10001'")}/prices`],
  ["price import", () => "/system/priceImport"],
  ["catalogue nodes", () => "/system/catalogueNode"],
  ["new catalogue node", () => "/system/catalogueNode/new"],
  ["products", () => "/system/product"],
  ["product", (db) => `/system/product/${id(db, "select id from product order by id limit 1")}`],
  ["new product", () => "/system/product/new"],
  ["quotations", () => "/system/quotation?status="],
  ["quotation", (db) => `/system/quotation/${id(db, "select id from quotation where status = 'submitted' order by id limit 1")}`],
  // customer service (decision 052)
  ["marketing items", () => "/system/support/items"],
  ["stock reservations", () => "/system/support/reservations"],
  ["stock reservation", (db) => `/system/support/reservations/${id(db, "select id from stock_reservation where status = 'approved' order by id limit 1")}`],
  ["marketing request", (db) => `/system/support/${id(db, "select id from support_request where kind = 'marketing' order by id limit 1")}`],
  [
    "catalogue node (edit, move)",
    (db) => `/system/catalogueNode/${encodeURIComponent(text(db, "select code as v from catalogue_node where level = 3 order by code limit 1"))}`,
  ],
  // the tool types of the quotation requests (decision 051, "Editing the types")
  ["tool types", () => "/system/quotationToolType"],
  ["tool type", (db) => `/system/quotationToolType/${drill(db)}`],
  ["new tool attribute", (db) => `/system/quotationToolType/${drill(db)}/attribute/new`],
  [
    "tool attribute",
    (db) => `/system/quotationToolType/${drill(db)}/attribute/${id(db, `select id from quote_attribute where type_id = ${drill(db)} and key = 'shank'`)}`,
  ],
  // the catalogue and price screens (issue 27): a customer with prices of its own, a level's children
  ["customer with prices of its own", (db) => `/system/customer/${id(db, "select id from customer where code = 'C90010'")}`],
  [
    "catalogue nodes under a parent",
    (db) => `/system/catalogueNode?parent=${encodeURIComponent(text(db, "select code as v from catalogue_node where level = 3 order by code limit 1"))}`,
  ],
  // the order desk's own account (EMP000002) on its screens
  ["order desk, all orders (desk)", () => "/system/orders?tab=all", "EMP000002"],
  [
    "confirmed order at the desk (desk)",
    (db) =>
      `/system/orders/${text(db, "select order_no as v from sales_order where status = 'confirmed' and tenant_id = (select id from tenant where code = '1000') order by id limit 1")}`,
    "EMP000002",
  ],
  ["deliveries (desk)", () => "/system/deliveries", "EMP000002"],
  // the content editor (EMP000004) on the rare-earth tenders (decision 053) and the download categories
  ["tenders (editor)", () => "/system/gdre", "EMP000004"],
  ["new tender (editor)", () => "/system/gdre/new", "EMP000004"],
  ["tender (editor)", (db) => `/system/gdre/${id(db, "select id from bidding order by id limit 1")}`, "EMP000004"],
  ["download categories (editor)", () => "/system/contentCategory?kind=download", "EMP000004"],
];
export const BACK_OFFICE_PAGES: readonly { name: string; url: (db: Database.Database) => string; account: string }[] = ROWS.map(
  ([name, url, account = "EMP000001"]) => ({ name, url, account }),
);

const id = (db: Database.Database, sql: string) => (db.prepare(sql).get() as { id: number }).id;
const text = (db: Database.Database, sql: string) => (db.prepare(sql).get() as { v: string }).v;
const drill = (db: Database.Database) => id(db, "select id from quote_tool_type where code = 'drill'");
