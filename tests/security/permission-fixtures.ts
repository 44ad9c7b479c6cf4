import { expect } from "vitest";
import type { Shop } from "./harness";

/**
 * The permission tables' one move (shop-permissions, back-office-permissions): a function code of
 * an area taken from every role of an account, straight in the database, with the menus' version
 * moved as the back office's editors move it (every process re-reads the grants at once).
 * Returns what gives the code back.
 */
export function revokeFunctionCode(shop: Shop, area: "shop" | "admin", funcCode: string, account: string): () => void {
  const bumpMenus = () => shop.run("insert into data_version (key, version) values ('menu', 1) on conflict (key) do update set version = version + 1");
  const grants = shop.query<{ role_id: number; menu_id: number }>(
    `select rm.role_id, rm.menu_id from role_menu rm
       join menu m on m.id = rm.menu_id
       join user_role ur on ur.role_id = rm.role_id
       join app_user u on u.id = ur.user_id
     where m.area = ? and m.type = 'func' and m.func_code = ? and u.code = ?`,
    area,
    funcCode,
    account,
  );
  expect(grants.length, `${account} holds ${funcCode}`).toBeGreaterThan(0);
  for (const g of grants) shop.run("delete from role_menu where role_id = ? and menu_id = ?", g.role_id, g.menu_id);
  bumpMenus();
  return () => {
    for (const g of grants) shop.run("insert into role_menu (role_id, menu_id) values (?, ?)", g.role_id, g.menu_id);
    bumpMenus();
  };
}
