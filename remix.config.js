import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // app/routes mirrors the menus in folders (order+/fillOrder.tsx is /order/fillOrder; a folder
  // named _x+ groups files and adds nothing to the URL: system+/_desk+/orders._index.tsx is /system/orders);
  // modules beside a route (__list.server.ts, *.server.ts) and tests are not routes.
  ignoredRouteFiles: ["**/*"],
  routes: (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: [".*", "**/*.css", "**/*.test.{js,jsx,ts,tsx}", "**/__*.*", "**/*.server.*", "**/*.client.*"],
    }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // ESM-only packages the server bundle must inline (remix-auth v4 and friends).
  serverDependenciesToBundle: [/^remix-auth/, /^remix-i18next/, /^@mjackson\//, /^@oslojs\//],
  // The v3 flags React Router 7 makes the default are on, but two (decision 075): single fetch
  // needs a streaming render (decision 028 renders to a string), and lazy route discovery saves
  // 6.9 KB gzip of JavaScript a page but costs the server ~9 % CPU a document (measured again in
  // 075); React Router 7 keeps the full manifest with `routeDiscovery: { mode: "initial" }`.
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: false,
    v3_lazyRouteDiscovery: false,
  },
};
