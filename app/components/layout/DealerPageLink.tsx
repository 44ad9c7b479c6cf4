import { Link, useRouteLoaderData } from "@remix-run/react";
import { isDealerOnlyPage } from "~/modules/site/dealer-pages";

const SHOP_LAYOUT_ID = "routes/_shop+/_layout";

/** Whether this page is shown to a staff session (the shop layout's loader says so). */
export function useStaffSession(): boolean {
  const layout = useRouteLoaderData(SHOP_LAYOUT_ID) as { header?: { staff?: boolean } } | undefined;
  return !!layout?.header?.staff;
}

/**
 * A link to a shop page; to a staff session, a page only dealers open (403 for staff, see
 * dealer-pages.ts) shows as plain text instead.
 */
export function DealerPageLink({ to, className, children }: { to: string; className?: string; children: React.ReactNode }) {
  const staff = useStaffSession();
  if (staff && isDealerOnlyPage(to)) return <span className={className}>{children}</span>;
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
