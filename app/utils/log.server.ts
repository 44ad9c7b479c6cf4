/** Structured logs: one JSON object a line on stdout, filtered by LOG_LEVEL. */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  const threshold = levels[(process.env.LOG_LEVEL as keyof typeof levels) ?? "info"] ?? levels.info;
  if (levels[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};

/** Query parameters that carry a secret wherever they appear. */
const secretParams = new Set(["token", "sign", "signature", "ticket", "secret", "password", "pwd", "access_token"]);
/** Pages whose whole query is a hand-over or a reset link (only `redirect` says where to go next). */
const tokenPages = /^\/(order\/resetPwd(\/|$)|auth-redirect\/?$|loginRelay\/?$)/i;
const keptOnTokenPages = new Set(["redirect"]);

/**
 * A request's URL as the logs may keep it: a reset link's or a sign-in hand-over's token opens an
 * account to whoever reads the log, so their values are written as "[redacted]".
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const pathname = url.slice(0, at);
  const wholeQuery = tokenPages.test(pathname);
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // a malformed name stays as it came
      }
      const secret = secretParams.has(name.toLowerCase()) || (wholeQuery && !keptOnTokenPages.has(name));
      return secret && eq >= 0 ? `${rawName}=[redacted]` : pair;
    });
  return `${pathname}?${query.join("&")}`;
}
