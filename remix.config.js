/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // ESM-only packages the server bundle must inline (remix-auth v4 and friends).
  serverDependenciesToBundle: [/^remix-auth/, /^remix-i18next/, /^@mjackson\//, /^@oslojs\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: false,
    v3_lazyRouteDiscovery: false,
  },
};
