import type { Migration, MigrationProvider } from "kysely";
import { Migrator, sql } from "kysely";
import { isPostgres } from "./dialect.server";
import type { DB } from "./db.server";
import * as initial from "./migrations/2026-11-21-0001-initial";
import * as search from "./migrations/2026-11-21-0002-search";
import * as auth from "./migrations/2026-11-21-0003-auth";
import * as orders from "./migrations/2026-11-21-0004-orders";
import * as productFlags from "./migrations/2026-11-21-0005-product-flags";
import * as backOffice from "./migrations/2026-11-25-0006-back-office";
import * as orderDesk from "./migrations/2026-11-25-0007-order-desk";
import * as catalogueAdmin from "./migrations/2026-11-25-0008-catalogue-admin";
import * as contentAdmin from "./migrations/2026-11-25-0009-content-admin";
import * as relay from "./migrations/2026-11-25-0010-relay";
import * as feedback from "./migrations/2026-11-25-0011-feedback";
import * as support from "./migrations/2026-11-25-0012-support";
import * as trainingProgress from "./migrations/2026-11-25-0013-training-progress";
import * as quotation from "./migrations/2026-11-25-0014-quotation";
import * as supportMore from "./migrations/2026-11-25-0015-support-more";
import * as bidding from "./migrations/2026-11-25-0016-bidding";
import * as entityPrices from "./migrations/2026-11-25-0017-entity-prices";
import * as quoteTypeEditor from "./migrations/2026-11-26-0018-quote-type-editor";
import * as loginAttempts from "./migrations/2026-11-27-0019-login-attempts";
import * as shippedStatuses from "./migrations/2026-11-27-0020-shipped-statuses";
import * as categoryFunctionCode from "./migrations/2026-11-27-0021-category-function-code";
import * as orderLineCodeIndex from "./migrations/2026-11-27-0022-order-line-code-index";
import * as productCatalogueNewIndex from "./migrations/2026-11-27-0023-product-catalogue-new-index";
import * as cartPromotionDeclined from "./migrations/2026-11-27-0024-cart-promotion-declined";
import * as staffMessages from "./migrations/2026-11-27-0025-staff-messages";
import * as contentCategoryTitle from "./migrations/2026-11-27-0028-content-category-title";
import * as integration from "./migrations/2026-11-27-0030-integration";
import * as cartGiftQty from "./migrations/2026-11-27-0034-cart-gift-qty";
import * as feedKeys from "./migrations/2026-11-27-0035-feed-keys";
import * as requestCounts from "./migrations/2026-11-27-0036-request-counts";
import * as storedFiles from "./migrations/2026-11-27-0037-stored-files";
import * as jobQueue from "./migrations/2026-11-27-0038-job-queue";
import * as feedExportParts from "./migrations/2026-11-27-0039-feed-export-parts";

/**
 * Migrations are imported statically (not read from a folder) so they run the same
 * from tsx, from the Remix server build and from tests. Add new ones at the end.
 */
const migrations: Record<string, Migration> = {
  "2026-11-21-0001-initial": initial,
  "2026-11-21-0002-search": search,
  "2026-11-21-0003-auth": auth,
  "2026-11-21-0004-orders": orders,
  "2026-11-21-0005-product-flags": productFlags,
  "2026-11-25-0006-back-office": backOffice,
  "2026-11-25-0007-order-desk": orderDesk,
  "2026-11-25-0008-catalogue-admin": catalogueAdmin,
  "2026-11-25-0009-content-admin": contentAdmin,
  "2026-11-25-0010-relay": relay,
  "2026-11-25-0011-feedback": feedback,
  "2026-11-25-0012-support": support,
  "2026-11-25-0013-training-progress": trainingProgress,
  "2026-11-25-0014-quotation": quotation,
  "2026-11-25-0015-support-more": supportMore,
  "2026-11-25-0016-bidding": bidding,
  "2026-11-25-0017-entity-prices": entityPrices,
  "2026-11-26-0018-quote-type-editor": quoteTypeEditor,
  "2026-11-27-0019-login-attempts": loginAttempts,
  "2026-11-27-0020-shipped-statuses": shippedStatuses,
  "2026-11-27-0021-category-function-code": categoryFunctionCode,
  "2026-11-27-0022-order-line-code-index": orderLineCodeIndex,
  "2026-11-27-0023-product-catalogue-new-index": productCatalogueNewIndex,
  "2026-11-27-0024-cart-promotion-declined": cartPromotionDeclined,
  "2026-11-27-0025-staff-messages": staffMessages,
  "2026-11-27-0028-content-category-title": contentCategoryTitle,
  "2026-11-27-0030-integration": integration,
  "2026-11-27-0034-cart-gift-qty": cartGiftQty,
  "2026-11-27-0035-feed-keys": feedKeys,
  "2026-11-27-0036-request-counts": requestCounts,
  "2026-11-27-0037-stored-files": storedFiles,
  "2026-11-27-0038-job-queue": jobQueue,
  "2026-11-27-0039-feed-export-parts": feedExportParts,
  // 0002: catalogue issue (search index); 0003: sign-in issue; 0004: orders issue
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<string[]> {
  // On PostgreSQL, keep Kysely's own tables in the current schema: without this, a
  // kysely_migration table in any other schema (another test run) counts as "exists".
  const migrationTableSchema = isPostgres(db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
