import { describe, expect, it } from "vitest";
import type { ListContext, ListItem } from "~/modules/catalogue/listing.server";
import { escapeHtml } from "~/utils/html";
import { actionUrl, productRowHtml } from "./productHtml";

const t = (key: string, options?: Record<string, string | number>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const item: ListItem = {
  id: 7,
  code: "CNMG120408-DM YBC252",
  name: 'Insert <script>alert("x")</script> & co',
  spec: "IC 12.70 × S 4.76",
  price: 3800,
  promoPrice: null,
  onRequest: false,
  stock: 860,
  esd: "2026-11-22",
  mpq: 10,
  moq: 10,
  tags: [{ kind: "hot", title: "Hot <sale>", promotionItemId: null }],
  fav: false,
  canCart: true,
  promotionItemId: null,
};
const signedIn: ListContext = { signedIn: true, priceVisible: true, stockVisible: true, canOrder: true, currency: "CNY" };
const state = { fav: false, cartBusy: false };
const back = "/product/productThird?catalogueCode=L3&parentCode=L2";

describe("product rows as HTML", () => {
  it("escapes every text and attribute value", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    const html = productRowHtml(item, signedIn, t, "zh", back, state);
    expect(html).toContain("Insert &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co");
    expect(html).not.toContain("<script>");
    expect(html).toContain('title="Hot &lt;sale&gt;"');
    // the return path is URL-encoded inside an &amp;-joined action URL
    expect(html).toContain(`action="/shopCart?index&amp;intent=add&amp;productId=7&amp;redirectTo=${encodeURIComponent(back)}"`);
    expect(html).toContain('href="/item?code=CNMG120408-DM%20YBC252"');
  });

  it("shows price, stock and forms as the account may", () => {
    const full = productRowHtml(item, signedIn, t, "zh", back, state);
    expect(full).toContain("¥38.00");
    expect(full).toContain(">860<");
    expect(full).toContain('data-row-form="cart"');
    const blind = productRowHtml({ ...item, price: null, stock: null }, { ...signedIn, priceVisible: false, stockVisible: false }, t, "zh", back, state);
    expect(blind).not.toContain("¥");
    expect(blind).toContain("price.hidden");
    expect(blind).toContain("stock.hidden");
    const guest = productRowHtml({ ...item, price: null, stock: null }, { ...signedIn, signedIn: false }, t, "zh", back, state);
    expect(guest).not.toContain("<form");
    const noOrder = productRowHtml({ ...item, canCart: false }, { ...signedIn, canOrder: false }, t, "en", back, state);
    expect(noOrder).not.toContain('data-row-form="cart"');
    expect(noOrder).toContain("cart.noPermission");
  });

  it("a product without a price cannot be starred, but a starred one can be removed", () => {
    const onRequest = { ...item, price: null, onRequest: true, canCart: false };
    const unstarred = productRowHtml(onRequest, signedIn, t, "zh", back, state);
    expect(unstarred).not.toContain('data-row-form="fav"');
    expect(unstarred).toContain('class="fav-star fav-disabled" title="favourite.priceEmpty"');
    const starred = productRowHtml(onRequest, signedIn, t, "zh", back, { ...state, fav: true });
    expect(starred).toContain("/order/myCollect?intent=remove&amp;productId=7");
  });

  it("writes the row's own state: starred, busy, the cart's answer", () => {
    const html = productRowHtml(item, signedIn, t, "en", back, { fav: true, cartBusy: true, cartMessage: { ok: false, text: "Only <5> left" } });
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain("intent=remove");
    expect(html).toMatch(/<button type="submit" class="btn" disabled>/);
    expect(html).toContain('class="cart-msg cart-msg-error" role="status">Only &lt;5&gt; left<');
  });

  it("writes form actions with encoded, escaped fields, whatever the previous form's return path", () => {
    const fields = (redirectTo: string) => ({ intent: "add", productId: 7, promotionItemId: null, redirectTo });
    expect(actionUrl("/shopCart?index", fields("/item?code=A&x='1'"))).toBe(
      "/shopCart?index&amp;intent=add&amp;productId=7&amp;redirectTo=%2Fitem%3Fcode%3DA%26x%3D&#39;1&#39;",
    );
    expect(actionUrl("/order/myCollect", fields("/searchProduct?keyWord=cnmg"))).toBe(
      "/order/myCollect?intent=add&amp;productId=7&amp;redirectTo=%2FsearchProduct%3FkeyWord%3Dcnmg",
    );
    expect(actionUrl("/order/myCollect", { intent: "remove", productId: 8, redirectTo: "" })).toBe("/order/myCollect?intent=remove&amp;productId=8");
  });
});
