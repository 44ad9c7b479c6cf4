import type { TestProject } from "vitest/node";
import { launch } from "./harness";

/**
 * One built server for the whole security run (the files call `sharedShop()`), on the first port
 * of SECURITY_PORT's block (the forks take the blocks after it). Booting a server with its demo
 * data per file was most of the run's time.
 */
export default async function setup(project: TestProject) {
  const shop = await launch(Number(process.env.SECURITY_PORT ?? 3300));
  project.provide("sharedShop", { base: shop.base, pid: shop.pid, dbPath: shop.dbPath, outbox: shop.outbox });
  return () => shop.stop();
}
