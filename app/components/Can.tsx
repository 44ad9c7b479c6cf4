import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { RootData } from "~/root";

/** Whether the signed-in user holds this function code (the root loader's codes): for a control that is not a block of its own. */
export function useHasPermission(funcCode: string): boolean {
  const root = useRouteLoaderData<RootData>("root");
  return !!root?.funcCodes.includes(funcCode);
}

/**
 * Shows its children only when the user holds one of the function codes or one of the roles
 * (spec §6 "elements can be hidden unless …"). It only hides: the server refuses the matching
 * action with requirePermission (app/utils/guard.server.ts) whatever the page shows.
 */
export function Can({ funcCode, role, children }: { funcCode?: string | string[]; role?: string | string[]; children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const codes = new Set(root?.funcCodes ?? []);
  const roles = new Set(root?.roles ?? []);
  const any = (wanted: string | string[] | undefined, held: Set<string>) => [wanted ?? []].flat().some((w) => held.has(w));
  return any(funcCode, codes) || any(role, roles) ? <>{children}</> : null;
}
