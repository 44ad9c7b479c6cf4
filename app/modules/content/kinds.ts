/** The kinds of content the back office maintains and the shop shows (decision 046). */
export const CONTENT_KINDS = ["announcement", "research", "download", "training", "solution"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** The kinds that may carry a file: a download's file, a training document, an announcement's or a report's attachment. */
export const FILE_KINDS: readonly ContentKind[] = ["announcement", "research", "download", "training"];
export const CONTENT_STATUSES = ["draft", "published"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Where the shop shows each kind (the preview links there once published). */
export const SHOP_PATHS: Record<ContentKind, string> = {
  announcement: "/announcement",
  research: "/research",
  download: "/downloadService/downloadService",
  training: "/technologyService/onLineTraining",
  solution: "/industrySolution",
};
