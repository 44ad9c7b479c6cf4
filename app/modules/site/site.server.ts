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

/** The menu rows without an address of their own take it from the configuration (decision 042). */
export function menuLinks(links: SiteConfig["links"]): Record<string, string> {
  return {
    industrySolution: links.industrySolution,
    partnerCloud: links.partnerCloud,
    aboutCompany: links.aboutUs,
    salesNetwork: `${links.aboutUs}#sales-network`,
  };
}
