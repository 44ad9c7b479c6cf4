import { z } from "zod";

/** The forms of dataArea.$id: kept on the server so zod stays out of the browser (decision 041). */
export const customerCode = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || undefined : v),
  z.string({ error: "adminData:dataArea.form.customerRequired" }).max(40, "adminData:dataArea.form.tooLong"),
);
/** One form, two buttons: grant or revoke access for every account of a dealer. */
export const AccessSchema = z.object({ intent: z.enum(["grant", "revoke"]), customerCode });
