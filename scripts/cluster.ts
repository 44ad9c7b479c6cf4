/**
 * npm run cluster — the shop as several instances behind one proxy (issue 31, decision 080):
 *
 *   DATABASE_URL=postgres://user@host:5432/shop npm run cluster        [CLUSTER_PORT=3000]
 *
 * Two built servers (instance a on CLUSTER_PORT + 1, b on CLUSTER_PORT + 2) on the one database,
 * and HAProxy (Debian's `haproxy`) in front on CLUSTER_PORT: round robin, health checks on
 * /healthz every second, a request whose instance refuses the connection sent to the other. The
 * instances trust the proxy's X-Forwarded-For (TRUST_PROXY) and share everything through the
 * database: sessions, carts, orders, request counts, cache versions (LISTEN/NOTIFY on PostgreSQL).
 * On several machines the same shape holds: one proxy, a server per machine, one PostgreSQL.
 *
 * The first instance migrates the database and, when it is empty, writes the demo data; the
 * second starts once the first answers. Ctrl-C stops all three. The e2e test through the proxy
 * (tests/e2e/cluster.spec.ts) starts its cluster with `startCluster`.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface Instance {
  name: string;
  base: string;
  process: ChildProcess;
  /** the instance's standard error so far */
  stderr: () => string;
}

export interface Cluster {
  /** the proxy's address: what dealers open */
  base: string;
  instances: Instance[];
  stop: () => Promise<void>;
}

export interface ClusterOptions {
  /** the proxy's port; the instances take the next ones */
  port: number;
  databaseUrl: string;
  instances?: number;
  /** more environment for every instance (DEMO_PRODUCTS, LOGIN_CAPTCHA, …) */
  env?: Record<string, string>;
  /** a content folder per instance, as on machines of their own (the default: the one folder of this checkout) */
  contentDirs?: (name: string) => string;
  /** where HAProxy's configuration is written */
  workDir?: string;
}

/** The proxy's configuration: round robin over the instances, each checked every second. */
function haproxyConfig(port: number, instances: { name: string; port: number }[]): string {
  return [
    "global",
    "  maxconn 4000",
    "defaults",
    "  mode http",
    "  option forwardfor",
    // a connection an instance refuses (it is down) is tried again on the other one; a request the
    // instance took is never sent twice (a form post must not take effect twice)
    "  option redispatch",
    "  retries 2",
    "  retry-on conn-failure",
    "  timeout connect 2s",
    "  timeout client 65s",
    "  timeout server 180s",
    // shorter than the shop's own keep-alive (65 s, server.ts): the proxy closes idle connections first
    "  timeout http-keep-alive 60s",
    "frontend shop",
    `  bind 127.0.0.1:${port}`,
    "  default_backend instances",
    "backend instances",
    "  balance roundrobin",
    // a browser with the cookie `instance=<name>` goes to that instance while it is up: to look at
    // one instance through the proxy's address (the only origin the shop accepts forms from)
    ...instances.map((i) => `  use-server ${i.name} if { req.cook(instance) -m str ${i.name} }`),
    "  option httpchk GET /healthz",
    "  http-check expect status 200",
    "  default-server inter 1s fall 2 rise 1",
    ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`),
    "",
  ].join("\n");
}

async function answers(url: string): Promise<boolean> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
  await answer?.body?.cancel();
  return answer?.status === 200;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, failed: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    const why = failed();
    if (why !== null || Date.now() > deadline) throw new Error(`${what} did not start${why ? `: ${why}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function startInstance(name: string, port: number, options: ClusterOptions): Instance {
  let stderr = "";
  const child = spawn(process.execPath, [path.join(ROOT, "build/server.js")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: options.databaseUrl,
      WEB_CONCURRENCY: "1",
      // the proxy on this machine: the client address is the one it adds to X-Forwarded-For
      TRUST_PROXY: "loopback",
      // uploads in the database: an instance serves what another received (decision 081)
      FILE_STORE: "database",
      PUBLIC_URL: `http://localhost:${options.port}`,
      ...(options.contentDirs ? { CONTENT_DIR: options.contentDirs(name) } : {}),
      ...options.env,
    },
  });
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
  // each line of the instance's log, marked with its name
  readline.createInterface({ input: child.stdout! }).on("line", (line) => console.log(`[${name}] ${line}`));
  readline.createInterface({ input: child.stderr! }).on("line", (line) => console.error(`[${name}] ${line}`));
  return { name, base: `http://localhost:${port}`, process: child, stderr: () => stderr };
}

const exitedEarly = (child: ChildProcess, stderr: () => string) => () =>
  child.exitCode !== null || child.signalCode !== null ? `exited (${child.exitCode ?? child.signalCode}): ${stderr().slice(-2000)}` : null;

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** Starts the instances one after the other, then the proxy; answers once the proxy reaches them all. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.instances ?? 2;
  const instances: Instance[] = [];
  let proxy: ChildProcess | null = null;
  const stop = async () => {
    if (proxy) await stopProcess(proxy);
    await Promise.all(instances.map((i) => stopProcess(i.process)));
  };
  try {
    // one after the other: the first migrates and writes the demo data, the others find them done
    for (let n = 0; n < count; n++) {
      const instance = startInstance(String.fromCharCode(97 + n), options.port + 1 + n, options);
      instances.push(instance);
      await waitUntil(`instance ${instance.name}`, () => answers(`${instance.base}/healthz`), 300_000, exitedEarly(instance.process, instance.stderr));
    }
    const workDir = options.workDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "shop-cluster-"));
    const configFile = path.join(workDir, "haproxy.cfg");
    fs.writeFileSync(
      configFile,
      haproxyConfig(
        options.port,
        instances.map((i) => ({ name: i.name, port: Number(new URL(i.base).port) })),
      ),
    );
    execFileSync("haproxy", ["-c", "-q", "-f", configFile]);
    let proxyErr = "";
    proxy = spawn("haproxy", ["-db", "-f", configFile], { stdio: ["ignore", "ignore", "pipe"] });
    proxy.stderr!.on("data", (chunk: Buffer) => (proxyErr += chunk));
    const base = `http://localhost:${options.port}`;
    await waitUntil(
      "the proxy",
      () => answers(`${base}/healthz`),
      30_000,
      exitedEarly(proxy, () => proxyErr),
    );
    return { base, instances, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith("postgres")) {
    console.error("npm run cluster runs the instances on one PostgreSQL database: set DATABASE_URL=postgres://…");
    process.exit(2);
  }
  if (!fs.existsSync(path.join(ROOT, "build/server.js"))) {
    console.error("build/server.js is missing: npm run build first");
    process.exit(2);
  }
  const port = Number(process.env.CLUSTER_PORT ?? 3000);
  const cluster = await startCluster({ port, databaseUrl, instances: Number(process.env.CLUSTER_INSTANCES ?? 2) });
  console.log(`dealer shop: ${cluster.base} (HAProxy) → ${cluster.instances.map((i) => `${i.name} ${i.base}`).join(", ")}`);
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
