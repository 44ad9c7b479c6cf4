/**
 * npm run dev: Remix's compiler rebuilds app/ on every change (`remix watch`, into build/ and
 * public/build/), and `tsx watch` restarts server.ts when its own files or the rebuilt server
 * bundle (build/index.js) change. Stops both on Ctrl-C.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";

const env = { ...process.env, NODE_ENV: "development" as const };
// on a fresh clone, a first build, so that the server has a bundle to import when it starts
if (!existsSync("build/index.js")) {
  const code = await new Promise<number | null>((resolve) => spawn("npx", ["remix", "build"], { stdio: "inherit", env }).on("exit", resolve));
  if (code !== 0) process.exit(code ?? 1);
}

const children: ChildProcess[] = [
  spawn("npx", ["remix", "watch"], { stdio: "inherit", env }),
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "--exclude", "./data/**", "--exclude", "./public/**", "--include", "./build/index.js", "server.ts"], {
    stdio: "inherit",
    env,
  }),
];

function stop(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
