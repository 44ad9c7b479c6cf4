import type { MetaArgs } from "@remix-run/node";
import { pageMeta } from "~/utils/meta";

/** The <title> of the company entity pages, from the adminData texts (the routes declare adminData). */
export function dataAreaMeta(matches: MetaArgs["matches"], key: "title" | "metaDetail" | "jobTitle" | "editTitle") {
  return pageMeta(matches, `adminData:dataArea.${key}`);
}

/** A number from a route param or search param, or null (a malformed id is a 404, not a 500). */
export function idParam(value: string | null | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}
