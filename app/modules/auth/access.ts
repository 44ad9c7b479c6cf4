/**
 * Which pages stay open to whom, as pure rules over the path (spec §4 maintenance, §6 CRMCPXX).
 */

/**
 * During maintenance every page goes to /errorPage (spec §4), except the sign-in and sign-out, the language toggle,
 * and the back office for administrators, who must be able to end the window.
 */
export function openDuringMaintenance(pathname: string, user: { isStaff: boolean; roles: readonly string[] } | null): boolean {
  // the language toggle too: the maintenance page is read in the visitor's language
  if (/^\/(errorPage|login|logout|language)(\/|$)/.test(pathname)) return true;
  return /^\/system(\/|$)/.test(pathname) && !!user?.isStaff && user.roles.includes("admin");
}

/** Accounts whose partiesId is CRMCPXX are kept on product selection and what it leads to (spec §6). */
export function isOpenToSelectionOnly(pathname: string): boolean {
  return /^\/(selectionCategory|technologyService\/selectionCategory|item|logout|language|switchTenant|errorPage|order\/resetPwd)(\/|$)/.test(pathname);
}
