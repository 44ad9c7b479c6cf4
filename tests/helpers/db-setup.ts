import type { TestProject } from "vitest/node";
import { makeTemplates } from "./db";

/**
 * The unit run's template databases (vitest.config.ts globalSetup): one migrated SQLite file and,
 * with TEST_DATABASE_URL, one migrated PostgreSQL database. Every data-layer test file starts
 * from a copy (tests/helpers/db.ts) instead of running the migrations again; the seeded templates
 * are made by the first file that asks for a seed size. All are removed at the end of the run.
 */
export default async function setup(project: TestProject) {
  const { templates, drop } = await makeTemplates(process.env.TEST_DATABASE_URL);
  project.provide("unitDbTemplates", templates);
  return drop;
}
