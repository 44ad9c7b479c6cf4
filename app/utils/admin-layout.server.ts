import { createCookie } from "@remix-run/node";

/**
 * The admin-style layout's state in cookies (spec §4 "Layout state"): the sidebar open or closed
 * (`sidebarStatus` 1/0), the interface size (default medium), and the tags view's recently
 * opened pages. Plain values, checked when read: a tampered cookie gives the default.
 */
import { SIZES, type Size } from "~/modules/admin/layout";

export { SIZES };
export const TAGS_MAX = 10;

const year = 365 * 24 * 3600;
/**
 * sidebarStatus and size keep their plain values (1/0, medium …) as the spec names them, readable
 * by the browser; only fixed choices are ever written, so the values need no encoding.
 */
export const plainCookie = (name: "sidebarStatus" | "size", value: string) => `${name}=${value}; Path=/; Max-Age=${year}; SameSite=Lax`;
const readPlain = (header: string | null, name: string) => new RegExp(`(?:^|;\\s*)${name}=([A-Za-z0-9]+)`).exec(header ?? "")?.[1];
export const tagsCookie = createCookie("tagsView", { path: "/system", sameSite: "lax", httpOnly: true, maxAge: 7 * 24 * 3600 });

const TAG_RE = /^\/system(\/[A-Za-z0-9_.-]+)*$/;

export interface LayoutState {
  sidebarOpen: boolean;
  size: Size;
  tags: string[];
}

export async function readLayoutState(request: Request): Promise<LayoutState> {
  const header = request.headers.get("Cookie");
  const sidebar = readPlain(header, "sidebarStatus");
  const size = readPlain(header, "size") as Size | undefined;
  const tags = await tagsCookie.parse(header);
  return {
    sidebarOpen: sidebar !== "0",
    size: size && SIZES.includes(size) ? size : "medium",
    tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string" && TAG_RE.test(t)).slice(0, TAGS_MAX) : [],
  };
}

/** The tags with this page added (the newest last, at most TAGS_MAX), or null when it is there. */
export function withTag(tags: string[], path: string): string[] | null {
  if (!TAG_RE.test(path) || tags.includes(path)) return null;
  return [...tags, path].slice(-TAGS_MAX);
}
