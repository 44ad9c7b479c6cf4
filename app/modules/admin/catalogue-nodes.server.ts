import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { recordAudit, type Actor } from "./audit.server";
import { bumpVersion } from "./versions.server";
import { fail, ok, type Result } from "~/modules/result";

/**
 * Catalogue nodes in the back office (/system/catalogueNode; decisions 045, 054): the 4-level tree,
 * its edits and moves. The catalogue's counter in data_version makes every process drop its cached
 * node tree, menu and product counts. Every change is audited in its transaction.
 */

export interface NodeInput {
  labelZh: string;
  labelEn: string;
  describeZh: string;
  describeEn: string;
  showFlag: boolean;
  isNonStandard: boolean;
  sort: number;
}

const nodeCols = ["id", "code", "parent_code", "level", "label_zh", "label_en", "describe_zh", "describe_en", "show_flag", "is_non_standard", "sort"] as const;

/** The children of a node (or the level-1 nodes), with how many children or products each has. */
export async function listNodes(db: DB, parentCode: string | null) {
  let q = db.selectFrom("catalogue_node as n").select(nodeCols.map((c) => `n.${c}` as const));
  q = parentCode === null ? q.where("n.level", "=", 1) : q.where("n.parent_code", "=", parentCode);
  const rows = await q
    .select((eb) => [
      eb
        .selectFrom("catalogue_node as c")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("c.parent_code", "=", "n.code")
        .as("children"),
      eb
        .selectFrom("product as p")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("p.catalogue_code", "=", "n.code")
        .as("products"),
    ])
    .orderBy("n.sort")
    .orderBy("n.code")
    .execute();
  return rows.map((r) => ({ ...r, children: Number(r.children ?? 0), products: Number(r.products ?? 0) }));
}

export async function getNode(db: DB, code: string) {
  const node = await db.selectFrom("catalogue_node").select(nodeCols).where("code", "=", code).executeTakeFirst();
  if (!node) throw new NotFoundError("catalogue node");
  return node;
}

/** The node and its ancestors, level 1 first. */
export async function nodePath(db: DB, code: string | null) {
  const path: { code: string; label_zh: string; label_en: string; level: number }[] = [];
  let current = code;
  for (let i = 0; current && i < 5; i++) {
    const row = await db
      .selectFrom("catalogue_node")
      .select(["code", "parent_code", "label_zh", "label_en", "level"])
      .where("code", "=", current)
      .executeTakeFirst();
    if (!row) break;
    path.unshift(row);
    current = row.parent_code;
  }
  return path;
}

const NODE_CODE = /^[A-Z0-9][A-Z0-9_-]{1,39}$/;

/** Updates a node, or adds one under `parentCode` (null: a level-1 node) when `newCode` is given. */
export async function saveNode(
  db: DB,
  actor: Actor,
  target: { code: string } | { newCode: string; parentCode: string | null },
  input: NodeInput,
): Promise<Result<{ code: string }>> {
  if (!input.labelZh.trim() || !input.labelEn.trim())
    return fail("adminCatalog:node.error.labelRequired", undefined, input.labelZh.trim() ? "labelEn" : "labelZh");
  const values = {
    label_zh: input.labelZh.trim(),
    label_en: input.labelEn.trim(),
    describe_zh: input.describeZh.trim(),
    describe_en: input.describeEn.trim(),
    show_flag: input.showFlag ? 1 : 0,
    is_non_standard: input.isNonStandard ? 1 : 0,
    sort: input.sort,
  };
  return db.transaction().execute(async (tx) => {
    if ("code" in target) {
      const before = await tx.selectFrom("catalogue_node").selectAll().where("code", "=", target.code).executeTakeFirst();
      if (!before) throw new NotFoundError("catalogue node");
      await tx.updateTable("catalogue_node").set(values).where("code", "=", target.code).execute();
      await recordAudit(tx, actor, { action: "update", entity: "catalogue_node", entityId: target.code, before, after: { ...before, ...values } });
      await bumpVersion(tx, "catalogue");
      return ok({ code: target.code });
    }
    const code = target.newCode.trim().toUpperCase();
    if (!NODE_CODE.test(code)) return fail("adminCatalog:node.error.codeRule", undefined, "code");
    let level = 1;
    if (target.parentCode !== null) {
      const parent = await tx.selectFrom("catalogue_node").select(["code", "level"]).where("code", "=", target.parentCode).executeTakeFirst();
      if (!parent) throw new NotFoundError("catalogue node");
      if (parent.level >= 4) return fail("adminCatalog:node.error.tooDeep", undefined, "code");
      level = parent.level + 1;
    }
    const taken = await tx.selectFrom("catalogue_node").select("id").where("code", "=", code).executeTakeFirst();
    if (taken) return fail("adminCatalog:node.error.codeTaken", undefined, "code");
    const row = { code, parent_code: target.parentCode, level, ...values };
    await tx.insertInto("catalogue_node").values(row).execute();
    await recordAudit(tx, actor, { action: "create", entity: "catalogue_node", entityId: code, after: row });
    await bumpVersion(tx, "catalogue");
    return ok({ code });
  });
}

/** The codes of the node and everything under it, with their levels (the tree is at most 4 deep). */
async function subtree(db: DB, code: string, level: number) {
  const nodes = [{ code, level }];
  let frontier = [code];
  for (let depth = level; depth < 4 && frontier.length; depth++) {
    const children = await db.selectFrom("catalogue_node").select(["code", "level"]).where("parent_code", "in", frontier).execute();
    nodes.push(...children);
    frontier = children.map((c) => c.code);
  }
  return nodes;
}

/** Where a node may move to: the nodes of levels 1–3 outside its subtree that leave it within 4 levels (the form's list). */
export async function moveTargets(db: DB, code: string) {
  const node = await getNode(db, code);
  const tree = await subtree(db, node.code, node.level);
  const inTree = new Set(tree.map((n) => n.code));
  const height = Math.max(...tree.map((n) => n.level)) - node.level;
  const hasProducts = await subtreeHasProducts(db, [...inTree]);
  const rows = await db.selectFrom("catalogue_node").select(["code", "level", "label_zh", "label_en"]).where("level", "<", 4).orderBy("code").execute();
  const fits = (newLevel: number) => newLevel + height <= 4 && (!hasProducts || newLevel === node.level);
  return {
    node,
    topAllowed: node.parent_code !== null && fits(1),
    parents: rows.filter((r) => !inTree.has(r.code) && r.code !== node.parent_code && fits(r.level + 1)),
  };
}

async function subtreeHasProducts(db: DB, codes: string[]) {
  return !!(await db.selectFrom("product").select("id").where("catalogue_code", "in", codes).limit(1).executeTakeFirst());
}

/**
 * Moves a node with its whole subtree under another parent (null: to level 1). Levels are
 * recomputed; the tree stays within 4 levels, a node cannot go under itself or its own subtree,
 * and products stay on level-4 nodes (a subtree holding products keeps its levels). Products
 * follow their node (they refer to its code). Moving to the current parent changes nothing, so a
 * double post has one effect; the catalogue counter makes the shop drop its cached tree and menu.
 */
export async function moveNode(db: DB, actor: Actor, code: string, newParentCode: string | null): Promise<Result<{ code: string }>> {
  return db.transaction().execute(async (tx) => {
    const node = await tx.selectFrom("catalogue_node").select(["code", "parent_code", "level"]).where("code", "=", code).executeTakeFirst();
    if (!node) throw new NotFoundError("catalogue node");
    if (node.parent_code === newParentCode) return ok({ code });
    let newLevel = 1;
    if (newParentCode !== null) {
      const parent = await tx.selectFrom("catalogue_node").select(["code", "level"]).where("code", "=", newParentCode).executeTakeFirst();
      if (!parent) return fail("adminCatalog:node.error.parentUnknown", undefined, "parent");
      newLevel = parent.level + 1;
    }
    const tree = await subtree(tx, node.code, node.level);
    if (newParentCode !== null && tree.some((n) => n.code === newParentCode)) return fail("adminCatalog:node.error.cycle", undefined, "parent");
    const delta = newLevel - node.level;
    if (Math.max(...tree.map((n) => n.level)) + delta > 4) return fail("adminCatalog:node.error.moveTooDeep", undefined, "parent");
    if (
      delta !== 0 &&
      (await subtreeHasProducts(
        tx,
        tree.map((n) => n.code),
      ))
    )
      return fail("adminCatalog:node.error.productsLevel", undefined, "parent");
    // the old parent in the WHERE: of two posts racing, one moves it
    const moved = await tx
      .updateTable("catalogue_node")
      .set({ parent_code: newParentCode, level: newLevel })
      .where("code", "=", code)
      .where((eb) => (node.parent_code === null ? eb("parent_code", "is", null) : eb("parent_code", "=", node.parent_code)))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return ok({ code });
    const below = tree.slice(1).map((n) => n.code);
    if (delta !== 0 && below.length) {
      await tx
        .updateTable("catalogue_node")
        .set((eb) => ({ level: eb("level", "+", delta) }))
        .where("code", "in", below)
        .execute();
    }
    await recordAudit(tx, actor, {
      action: "update",
      entity: "catalogue_node",
      entityId: code,
      before: { parent_code: node.parent_code, level: node.level },
      after: { parent_code: newParentCode, level: newLevel, subtree: tree.length },
    });
    await bumpVersion(tx, "catalogue");
    return ok({ code });
  });
}

/** Level-4 nodes for the product form's node list. */
export async function leafNodes(db: DB) {
  return db.selectFrom("catalogue_node").select(["code", "label_zh", "label_en"]).where("level", "=", 4).orderBy("code").execute();
}
