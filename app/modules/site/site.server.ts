import { getEnv } from "~/env.server";

/** The configuration values pages may show (never secrets). */
export interface SiteConfig {
  testEnvironment: boolean;
  hotline: string;
  contactEmail: string;
  links: { industrySolution: string; partnerCloud: string; aboutUs: string };
}

export function getSiteConfig(): SiteConfig {
  const env = getEnv();
  return {
    testEnvironment: env.TEST_ENVIRONMENT === "on",
    hotline: env.HOTLINE,
    contactEmail: env.CONTACT_EMAIL,
    links: {
      industrySolution: env.LINK_INDUSTRY_SOLUTIONS,
      partnerCloud: env.LINK_PARTNER_CLOUD,
      aboutUs: env.LINK_ABOUT_US,
    },
  };
}
