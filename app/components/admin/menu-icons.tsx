import badgePercent from "lucide-static/icons/badge-percent.svg";
import bug from "lucide-static/icons/bug.svg";
import building2 from "lucide-static/icons/building-2.svg";
import calculator from "lucide-static/icons/calculator.svg";
import circle from "lucide-static/icons/circle.svg";
import clipboardList from "lucide-static/icons/clipboard-list.svg";
import filePen from "lucide-static/icons/file-pen.svg";
import fileSpreadsheet from "lucide-static/icons/file-spreadsheet.svg";
import fileText from "lucide-static/icons/file-text.svg";
import folderTree from "lucide-static/icons/folder-tree.svg";
import gavel from "lucide-static/icons/gavel.svg";
import headset from "lucide-static/icons/headset.svg";
import history from "lucide-static/icons/history.svg";
import inbox from "lucide-static/icons/inbox.svg";
import landmark from "lucide-static/icons/landmark.svg";
import layoutDashboard from "lucide-static/icons/layout-dashboard.svg";
import listChecks from "lucide-static/icons/list-checks.svg";
import megaphone from "lucide-static/icons/megaphone.svg";
import menu from "lucide-static/icons/menu.svg";
import messageSquareWarning from "lucide-static/icons/message-square-warning.svg";
import messagesSquare from "lucide-static/icons/messages-square.svg";
import network from "lucide-static/icons/network.svg";
import newspaper from "lucide-static/icons/newspaper.svg";
import packageIcon from "lucide-static/icons/package.svg";
import receiptText from "lucide-static/icons/receipt-text.svg";
import send from "lucide-static/icons/send.svg";
import settings from "lucide-static/icons/settings.svg";
import shieldCheck from "lucide-static/icons/shield-check.svg";
import slidersHorizontal from "lucide-static/icons/sliders-horizontal.svg";
import sparkles from "lucide-static/icons/sparkles.svg";
import tag from "lucide-static/icons/tag.svg";
import tags from "lucide-static/icons/tags.svg";
import truck from "lucide-static/icons/truck.svg";
import userCog from "lucide-static/icons/user-cog.svg";
import users from "lucide-static/icons/users.svg";
import warehouse from "lucide-static/icons/warehouse.svg";
import wrench from "lucide-static/icons/wrench.svg";

/**
 * The back office sidebar's icons: Lucide's, as the SVG files of lucide-static, by the menu row's
 * name (stable across renames and languages). Each file is a cached build asset the browser
 * fetches once; the page's JavaScript holds only their URLs (decision 071: lucide-react's
 * components cost 6.7 KB gzip on every back-office page, two of which then passed 200 KB). A
 * menu an administrator adds later gets the neutral circle until it is given one here.
 */
const MENU_ICONS: Record<string, string> = {
  dashboard: layoutDashboard,
  orderDesk: clipboardList,
  deskOrders: receiptText,
  deskDeliveries: truck,
  customerPrices: users,
  customerAdmin: building2,
  priceImport: fileSpreadsheet,
  catalogueAdmin: folderTree,
  catalogueNodeAdmin: network,
  productAdmin: packageIcon,
  promotionAdmin: badgePercent,
  promotionList: tag,
  newProductSettings: sparkles,
  contentAdmin: newspaper,
  contentList: filePen,
  bulletinCatalog: tags,
  gdreAdmin: gavel,
  dealerMessages: send,
  customerService: headset,
  supportRequests: inbox,
  surveyAdmin: listChecks,
  marketingItems: megaphone,
  reservations: warehouse,
  quotationAdmin: calculator,
  quotationList: fileText,
  quotationToolType: wrench,
  feedbackAdmin: messageSquareWarning,
  feedbackList: messagesSquare,
  system: settings,
  userAdmin: userCog,
  roleAdmin: shieldCheck,
  menuAdmin: menu,
  parameterAdmin: slidersHorizontal,
  dataAreaAdmin: landmark,
  auditLog: history,
  errorLog: bug,
};

/**
 * A sidebar entry's icon: decorative (the entry's text names it), drawn as a mask so it takes the
 * text colour of the entry (light on the dark sidebar, the active colour when current).
 */
export function MenuIcon({ name }: { name: string }) {
  const url = MENU_ICONS[name] ?? circle;
  return <span className="admin-icon" data-icon={MENU_ICONS[name] ? name : "none"} style={{ maskImage: `url("${url}")` }} aria-hidden="true" />;
}
