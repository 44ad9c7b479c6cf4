/**
 * Cross-site request forgery: a page on another site can make a signed-in dealer's browser post a
 * form to the shop, with the dealer's cookie. Every request that may change something (anything but
 * GET, HEAD and OPTIONS) must show that it comes from the shop's own pages: server.ts asks this
 * function before Remix, for every path (pages, `?_data=` requests, resource routes).
 *
 * - `Sec-Fetch-Site: cross-site` (sent by every current browser) is refused outright;
 * - `Origin` must be the shop's origin (`null`, sent by sandboxed frames and some redirects, too is refused);
 * - without `Origin` (old browsers), a `Referer` that is present must be same-origin; a request
 *   with neither comes from a non-browser client, which holds no victim's cookie (curl, scripts).
 */
export type CrossSiteVerdict = { allowed: true } | { allowed: false; reason: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function checkSameOrigin(input: {
  method: string;
  shopOrigin: string;
  origin: string | undefined;
  referer: string | undefined;
  secFetchSite: string | undefined;
}): CrossSiteVerdict {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return { allowed: true };
  if (input.secFetchSite === "cross-site") return { allowed: false, reason: "Sec-Fetch-Site: cross-site" };
  if (input.origin !== undefined) {
    return originOf(input.origin) === input.shopOrigin ? { allowed: true } : { allowed: false, reason: `Origin ${input.origin.slice(0, 100)}` };
  }
  if (input.referer !== undefined && originOf(input.referer) !== input.shopOrigin) {
    return { allowed: false, reason: `Referer ${input.referer.slice(0, 100)}` };
  }
  return { allowed: true };
}

/** The origin of an absolute URL, or null for anything else ("null", garbage). */
export function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}
