import { redirect } from "@remix-run/node";

/** The root path goes to the home page (spec §2). */
export const loader = () => redirect("/homePage");
