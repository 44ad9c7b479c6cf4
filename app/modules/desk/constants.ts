import { OPEN_STATUSES, type OrderStatus } from "~/modules/orders/status";

/** The order desk's tabs and the statuses it sees (shared by the pages and the server; decision 044). */
export const DESK_TABS = ["queue", "proposed", "toShip", "all"] as const;
export type DeskTab = (typeof DESK_TABS)[number];

/** Everything the dealers have submitted (their drafts stay theirs). */
export const DESK_STATUSES: readonly OrderStatus[] = [...OPEN_STATUSES, "shipped", "cancelled"];
