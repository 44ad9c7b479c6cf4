import auth from "./en/auth.json";
import catalogue from "./en/catalogue.json";
import common from "./en/common.json";
import order from "./en/order.json";
import admin from "./en/admin.json";
import adminUsers from "./en/adminUsers.json";
import adminData from "./en/adminData.json";
import adminContent from "./en/adminContent.json";
import adminOrders from "./en/adminOrders.json";
import adminCatalog from "./en/adminCatalog.json";
import feedback from "./en/feedback.json";
import services from "./en/services.json";
import support from "./en/support.json";
import quotation from "./en/quotation.json";
import bidding from "./en/bidding.json";
import notices from "./en/notices.json";

/** The English texts, one object per namespace (the browser loads only its page's language). */
export default {
  common,
  auth,
  catalogue,
  order,
  admin,
  adminUsers,
  adminData,
  adminContent,
  adminOrders,
  adminCatalog,
  feedback,
  services,
  support,
  quotation,
  bidding,
  notices,
};
