import crypto from "node:crypto";
import Ajv2020 from "ajv/dist/2020";
import pg from "pg";
import { expect } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * The integration API's tests (decision 072) run over HTTP against the built server, on SQLite and,
 * when TEST_DATABASE_URL is set, on PostgreSQL: each file starts a server of its own on the chosen
 * database (a fresh schema), with the demo data and its accounts, so that it needs no SQL of its own
 * and counts what it changes. Every answer is checked against the OpenAPI document the server
 * serves, and `coverage()` tells which of the document's operations the file exercised.
 */
export interface ApiShop {
  shop: Shop;
  database: "sqlite" | "postgres";
  stop: () => Promise<void>;
  /** a read or write of the server's database, on either kind (SQL without parameters) */
  query: <T>(text: string) => Promise<T[]>;
}

/** A server of the file's own on SQLite, or on a fresh PostgreSQL schema when TEST_DATABASE_URL is set. */
export async function apiShop(env: Record<string, string> = {}): Promise<ApiShop> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const shop = await startShop(env);
    return {
      shop,
      database: "sqlite",
      stop: () => shop.stop(),
      query: async <T>(text: string) => (/^\s*select\b/i.test(text) ? shop.query<T>(text) : (shop.run(text), [])),
    };
  }
  const schema = `api_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("schema", schema);
  const shop = await startShop({ ...env, DATABASE_URL: url.toString() });
  return {
    shop,
    database: "postgres",
    query: async <T>(text: string) => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`set search_path to ${schema}`);
        return (await c.query(text)).rows as T[];
      } finally {
        await c.end();
      }
    },
    stop: async () => {
      await shop.stop();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: number; data: T; message: string };
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  literal: boolean;
  tag: string;
  validate: Map<string, (body: unknown) => boolean>;
  errors: Map<string, () => unknown>;
}

/**
 * A client of the API that checks each answer against the OpenAPI document: the envelope always;
 * the operation's response schema for its status (200) or the error schema (`default`).
 */
export class ApiClient {
  private operations: Operation[] = [];
  private seen = new Map<string, Set<"good" | "bad">>();

  private constructor(private shop: Shop) {}

  static async open(shop: Shop): Promise<ApiClient> {
    const client = new ApiClient(shop);
    const answer = await fetch(`${shop.base}/prod-api/openapi.json`);
    expect(answer.status).toBe(200);
    const doc = (await answer.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, { content: Record<string, { schema: object }> }> }>>;
      components: object;
    };
    expect(doc.openapi).toBe("3.1.0");
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const validate = new Map<string, (body: unknown) => boolean>();
        const errors = new Map<string, () => unknown>();
        for (const [status, response] of Object.entries(op.responses)) {
          const schema = response.content?.["application/json"]?.schema;
          if (!schema) continue;
          const v = ajv.compile({ ...schema, components: doc.components });
          validate.set(status, (body) => v(body) as boolean);
          errors.set(status, () => v.errors);
        }
        const pattern = new RegExp("^" + template.replace(/\{\w+\}/g, "[^/]+") + "$");
        client.operations.push({
          method: method.toUpperCase(),
          template,
          pattern,
          literal: !template.includes("{"),
          tag: op.tags?.[0] ?? "",
          validate,
          errors,
        });
      }
    }
    return client;
  }

  /** The document's operation for a call: a literal path before a templated one, as the server finds them. */
  private operation(method: string, path: string): Operation | undefined {
    const matches = this.operations.filter((o) => o.method === method && o.pattern.test(path));
    return matches.find((o) => o.literal) ?? matches[0];
  }

  async call<T = unknown>(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; rawBody?: string | Blob; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers["X-Token"] = opts.token;
    let body: string | Blob | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers["Content-Type"] = opts.contentType ?? "application/json";
    const answer = await fetch(`${this.shop.base}/prod-api${path}`, { method, headers, body, redirect: "manual" });
    expect(answer.headers.get("content-type") ?? "", `${method} ${path}: a JSON answer`).toMatch(/^application\/json/);
    const parsed = (await answer.json()) as ApiAnswer<T>["body"];
    expect(Object.keys(parsed).sort(), `${method} ${path}: the envelope`).toEqual(["code", "data", "message"]);
    expect(answer.status, `${method} ${path}: never a 500 from bad input`).not.toBe(500);
    const op = this.operation(method, path.split("?")[0]);
    if (op) {
      const key = answer.status === 200 ? "200" : "default";
      const valid = op.validate.get(key);
      expect(valid, `${method} ${op.template}: the document describes ${key}`).toBeTruthy();
      expect(valid!(parsed), `${method} ${op.template} ${answer.status}: matches the document: ${JSON.stringify(op.errors.get(key)!())}`).toBe(true);
      const kinds = this.seen.get(`${op.method} ${op.template}`) ?? new Set();
      kinds.add(answer.status === 200 ? "good" : "bad");
      this.seen.set(`${op.method} ${op.template}`, kinds);
    }
    return { status: answer.status, headers: answer.headers, body: parsed };
  }

  /** The document's operations (with their group: who may call them) this client called, with a good and with a bad request. */
  coverage(): { operation: string; tag: string; good: boolean; bad: boolean }[] {
    return this.operations.map((o) => {
      const kinds = this.seen.get(`${o.method} ${o.template}`) ?? new Set();
      return { operation: `${o.method} ${o.template}`, tag: o.tag, good: kinds.has("good"), bad: kinds.has("bad") };
    });
  }
}

/** Signs in through the API: the session token. */
export async function apiToken(api: ApiClient, code: string, password = "Demo2026"): Promise<string> {
  const answer = await api.call<{ token: string }>("POST", "/login/login", { body: { code, password } });
  expect(answer.body.code, `sign-in of ${code}: ${answer.body.message}`).toBe(20000);
  return answer.body.data.token;
}
