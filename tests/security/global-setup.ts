import type { TestProject } from "vitest/node";
import { launch, snapshotDemo } from "./harness";

/**
 * One built server for the whole security run (the files call `sharedShop()`), on the first port
 * of SECURITY_PORT's block (the forks take the blocks after it). Booting a server with its demo
 * data per file was most of the run's time; the files that still need a server of their own start
 * it from a copy of the shared server's fresh database.
 */
export default async function setup(project: TestProject) {
  const port = Number(process.env.SECURITY_PORT ?? 3300);
  const shop = await launch(port);
  project.provide("sharedShop", { base: shop.base, pid: shop.pid, dbPath: shop.dbPath, outbox: shop.outbox });
  // its demo data as it was generated, before any file ran: the servers of the files' own start
  // from a copy instead of generating the same data again (decision 063)
  project.provide("demoTemplate", await snapshotDemo(shop, `test-results/security-template-${port}`));
  return () => shop.stop();
}
