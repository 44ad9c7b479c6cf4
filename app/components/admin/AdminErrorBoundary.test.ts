import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every back-office page has an error boundary (issue 28): a 404, 403 or 500 of a page shows
 * inside the admin layout, with its sidebar and top bar, instead of replacing the whole page.
 * Read from the folder, so a new page (or a page moved into a pathless group) is checked too.
 */
const systemDir = path.resolve("app/routes/system+");

/** Route modules that render a page: a default export, not a `__` helper, not server/client/test only. */
const pageFiles = (fs.readdirSync(systemDir, { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f) && !/(^|\/)(__|\.)[^/]*$/.test(f) && !/\.(server|client|test)\./.test(f))
  .filter((f) => /^export default /m.test(fs.readFileSync(path.join(systemDir, f), "utf8")));

const boundaryOf = (f: string) =>
  /^export \{ (\w+) as ErrorBoundary \} from "~\/components\/admin\/AdminErrorBoundary";$/m.exec(fs.readFileSync(path.join(systemDir, f), "utf8"))?.[1];

describe("back-office error boundaries", () => {
  it("finds the back-office pages", () => {
    expect(pageFiles.length).toBeGreaterThan(50);
  });
  it.each(pageFiles.filter((f) => !/(^|\/)_layout\.tsx?$/.test(f)))("%s shows its errors inside the admin layout", (f) => {
    expect(boundaryOf(f)).toBe("AdminErrorBoundary");
  });
  it("the layout has a boundary of its own (no sidebar data when its loader fails)", () => {
    expect(boundaryOf("_layout.tsx")).toBe("AdminLayoutErrorBoundary");
  });
});
