/** What a message from staff to dealers may be (issue 29 item 13): shared by the form in the browser and the server. */
export const MESSAGE_AUDIENCES = ["user", "customer", "province", "role", "all"] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
/** dealers' roles a message may be addressed to */
export const MESSAGE_ROLES = ["customer_master", "customer_sub"] as const;
export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_BODY_MAX = 2000;
