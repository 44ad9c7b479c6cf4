import auth from "./zh/auth.json";
import catalogue from "./zh/catalogue.json";
import common from "./zh/common.json";
import order from "./zh/order.json";
import admin from "./zh/admin.json";
import adminUsers from "./zh/adminUsers.json";
import adminData from "./zh/adminData.json";
import adminContent from "./zh/adminContent.json";
import adminOrders from "./zh/adminOrders.json";
import adminCatalog from "./zh/adminCatalog.json";
import feedback from "./zh/feedback.json";
import services from "./zh/services.json";
import support from "./zh/support.json";
import quotation from "./zh/quotation.json";
import bidding from "./zh/bidding.json";
import notices from "./zh/notices.json";

/** The Chinese texts, one object per namespace (the browser loads only its page's language). */
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
