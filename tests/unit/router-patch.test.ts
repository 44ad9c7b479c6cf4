import fs from "node:fs";
import { createRequire } from "node:module";
import type * as Router from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The server's copy of React Router's matching (router.cjs.js), patched by patches/ to compile a
// path once, flatten a route tree once and remember a path's matches (docs/decisions/034). The caches must not change answers.
const require = createRequire(import.meta.url);
const { matchPath, matchRoutes } = require("@remix-run/router") as typeof Router;

describe("patched route matching", () => {
  it("keeps case sensitivity and end matching apart for the same path", () => {
    expect(matchPath({ path: "/Item", caseSensitive: true }, "/item")).toBeNull();
    expect(matchPath({ path: "/Item" }, "/item")).not.toBeNull();
    expect(matchPath({ path: "/product", end: true }, "/product/productThird")).toBeNull();
    expect(matchPath({ path: "/product", end: false }, "/product/productThird")?.pathnameBase).toBe("/product");
  });

  it("answers from the right tree when two trees are matched in turn", () => {
    const shop = [{ id: "shop", path: "/", children: [{ id: "third", path: "product/productThird" }, { id: "splat", path: "*" }] }];
    const other = [{ id: "other", path: "/product/:level" }];
    for (let round = 0; round < 3; round++) {
      expect(matchRoutes(shop, "/product/productThird")?.map((m) => m.route.id)).toEqual(["shop", "third"]);
      expect(matchRoutes(shop, "/nowhere")?.map((m) => m.route.id)).toEqual(["shop", "splat"]);
      expect(matchRoutes(other, "/product/productThird")?.[0].params).toEqual({ level: "productThird" });
      expect(matchRoutes(other, "/item")).toBeNull();
    }
  });

  it("remembers answers per path, but each caller gets its own matches to change", () => {
    const tree = [{ id: "shop", path: "/", children: [{ id: "level", path: "product/:level" }] }];
    const first = matchRoutes(tree, "/product/productThird");
    (first![1].params as Record<string, string>).level = "changed";
    first!.pop();
    const again = matchRoutes(tree, "/product/productThird");
    expect(again?.map((m) => [m.route.id, m.params.level])).toEqual([["shop", "productThird"], ["level", "productThird"]]);
    expect(matchRoutes(tree, "/product/productFirst")?.[1].params).toEqual({ level: "productFirst" });
    for (let i = 0; i < 1500; i++) expect(matchRoutes(tree, `/product/p${i}`)?.[1].params.level).toBe(`p${i}`);
    expect(matchRoutes(tree, "/product/productThird")?.[1].pathname).toBe("/product/productThird");
  });

  it("reads a loader's JSON back as the same data", async () => {
    const { json } = require("@remix-run/server-runtime") as { json: (data: unknown, init?: ResponseInit) => Response };
    const data = { items: [{ id: 7, code: "CNMG120408-DM YBC252", price: null, at: new Date("2026-11-21T00:00:00Z") }], lang: "zh" };
    const response = json(data, { headers: { "X-Test": "1" } });
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ items: [{ id: 7, code: "CNMG120408-DM YBC252", price: null, at: "2026-11-21T00:00:00.000Z" }], lang: "zh" });
  });

  it("gives a page render the loader's data as JSON would (dates as text, no undefined)", async () => {
    const { createStaticHandler } = require("@remix-run/router") as typeof Router;
    const { json } = require("@remix-run/server-runtime") as { json: (data: unknown) => Response };
    const handler = createStaticHandler([{ id: "list", path: "/list", loader: () => json({ at: new Date("2026-11-21T00:00:00Z"), gone: undefined, n: 1 }) }]);
    const context = await handler.query(new Request("http://shop.test/list"));
    expect(context instanceof Response).toBe(false);
    expect((context as { loaderData: Record<string, unknown> }).loaderData.list).toEqual({ at: "2026-11-21T00:00:00.000Z", n: 1 });
  });

  it("writes the page's hand-off with the loaders' JSON as JSON.stringify would, escaped for a script", async () => {
    const { createStaticHandler, UNSAFE_jsonTextOf: jsonTextOf } = require("@remix-run/router") as typeof Router & {
      UNSAFE_jsonTextOf: (data: unknown) => string | undefined;
    };
    const { json } = require("@remix-run/server-runtime") as { json: (data: unknown) => Response };
    const { createServerHandoffString } = require("@remix-run/server-runtime/dist/serverHandoff.js") as {
      createServerHandoffString: (handoff: unknown) => string;
    };
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        loader: () => json({ lang: "zh", at: new Date("2026-11-21T00:00:00Z"), gone: undefined }),
        children: [
          { id: "list", path: "list", loader: () => json({ rows: [{ code: "CNMG120408-DM YBC252", note: "</script><b>&" }], n: 2 }) },
          { id: "plain", path: "plain", loader: () => ({ raw: [1, 2] }) },
        ],
      },
    ]);
    for (const url of ["http://shop.test/list", "http://shop.test/plain"]) {
      const context = (await handler.query(new Request(url))) as { loaderData: Record<string, unknown> };
      const handoff = { basename: undefined, future: { v3_fetcherPersist: true }, isSpaMode: false, state: { loaderData: context.loaderData, actionData: null, errors: null } };
      const written = createServerHandoffString(handoff);
      expect(written).toBe(JSON.stringify(handoff).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026"));
      expect(written).not.toContain("</script>");
    }
    // the json() loaders' data is written from their own texts; data returned without json() is serialised
    const context = (await handler.query(new Request("http://shop.test/plain"))) as { loaderData: Record<string, unknown> };
    expect(jsonTextOf(context.loaderData.root)).toBe('{"lang":"zh","at":"2026-11-21T00:00:00.000Z"}');
    expect(jsonTextOf(context.loaderData.plain)).toBeUndefined();
  });

  it("is the patched copy (patch-package ran on install)", () => {
    for (const file of ["@remix-run/router", "@remix-run/server-runtime/dist/data.js", "@remix-run/server-runtime/dist/serverHandoff.js", "@remix-run/react/dist/server.js", "react-router-dom/server.js"]) {
      expect(fs.readFileSync(require.resolve(file), "utf8"), file).toContain("dealer-shop patch");
    }
  });
});
