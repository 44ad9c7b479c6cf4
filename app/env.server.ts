import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * Server configuration, read once from environment variables and validated at start-up.
 * A bad value stops the server with a message that names the variable.
 */
const onOff = z.enum(["on", "off"]);

/**
 * TRUST_PROXY, as Express's `trust proxy`: `off`; a number of proxy hops in front of the shop
 * (`on` is one hop); or the proxies' addresses and subnets, comma-separated. The client address is
 * then the first one in X-Forwarded-For that is not a trusted proxy: never a value the client
 * chose, unlike `true`, which would trust the whole header (decision 012).
 */
const proxyNames = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  const [address, bits, ...rest] = entry.split("/");
  return rest.length === 0 && (proxyNames.has(entry) || (net.isIP(address) > 0 && (bits === undefined || /^\d{1,3}$/.test(bits))));
};
const trustProxy = z
  .string()
  .default("off")
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.trim().toLowerCase();
    if (value === "off" || value === "0" || value === "") return false;
    if (value === "on") return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const list = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isProxyAddress)) return list;
    ctx.addIssue({ code: "custom", message: "must be off, a number of proxy hops (on = 1), or proxy addresses/subnets, comma-separated" });
    return z.NEVER;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .default("file:./data/shop.db")
    .refine((v) => v.startsWith("file:") || /^postgres(ql)?:\/\//.test(v), {
      message: "must be file:<path> (SQLite) or postgres://user@host:port/db (PostgreSQL)",
    }),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DEMO_DATA: onOff.default("on"),
  DEMO_PRODUCTS: z.coerce.number().int().min(0).max(2_000_000).default(600),
  LOGIN_CAPTCHA: onOff.default("on"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("株洲刀具经销商门户 <no-reply@zztools.com.cn>"),
  MAIL_OUTBOX_DIR: z.string().default("./data/outbox"),
  /** where uploaded content files (downloads) are kept; default: content/ beside the SQLite file, else ./data/content (decision 046) */
  CONTENT_DIR: z.string().optional(),
  /** where uploaded files are kept: `disk` (CONTENT_DIR) or `database` (every instance reads them; decision 081) */
  FILE_STORE: z.enum(["disk", "database"]).default("disk"),
  /** seconds without a heartbeat after which a running background job counts as stopped (decision 082) */
  JOB_STALL_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  /** the secret shared with the company portal for the sign-in hand-over (decision 048); unset: /loginRelay and /auth-redirect are 404 */
  RELAY_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PUBLIC_URL: z.string().url().optional(),
  TEST_ENVIRONMENT: onOff.default("off"),
  TRUST_PROXY: trustProxy,
  /** server processes sharing the port; default: one per CPU core (at most 4) in production, else 1 */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  RATE_LIMIT_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** requests a dealer's feed key may make per minute, counted in the database (decision 073) */
  FEED_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  DEPLOYMENT: onOff.default("off"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // demo values of the demo manufacturer (ZZ Tools, the seed's company): set the real ones
  HOTLINE: z.string().default("400-887-0731"),
  CONTACT_EMAIL: z.string().default("dealer-service@zztools.com.cn"),
  LINK_INDUSTRY_SOLUTIONS: z.string().default("/industrySolution"),
  LINK_PARTNER_CLOUD: z.string().default("https://partner.zztools.com.cn/"),
  LINK_ABOUT_US: z.string().default("/aboutUs"),
});

export type Env = z.infer<typeof EnvSchema> & {
  SESSION_SECRET: string;
  WEB_CONCURRENCY: number;
  /** the shop's origin for links in mail: PUBLIC_URL's, else http://localhost:PORT */
  publicOrigin: string;
};

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  let secret = env.SESSION_SECRET;
  if (!secret) {
    if (env.NODE_ENV === "production" && env.DEPLOYMENT === "on") {
      throw new Error("Invalid configuration:\n  SESSION_SECRET: required in a production deployment (32+ characters)");
    }
    secret = localSecret();
  }
  // Links in mail are never built from the request's Host (anyone can send Host: evil.example).
  if (!env.PUBLIC_URL && env.NODE_ENV === "production" && env.DEPLOYMENT === "on") {
    throw new Error("Invalid configuration:\n  PUBLIC_URL: required in a production deployment (the address dealers open, e.g. https://shop.example.cn)");
  }
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
  const WEB_CONCURRENCY = env.WEB_CONCURRENCY ?? (env.NODE_ENV === "production" ? Math.min(4, os.availableParallelism()) : 1);
  cached = { ...env, SESSION_SECRET: secret, WEB_CONCURRENCY, publicOrigin };
  return cached;
}

/** For local runs: a random secret generated once and kept under data/. */
function localSecret(): string {
  const file = path.resolve("data/session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Only for tests: forget the cached configuration. */
export function resetEnvForTests() {
  cached = undefined;
}
