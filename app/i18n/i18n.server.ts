import { createCookie } from "@remix-run/node";
import type { EntryContext } from "@remix-run/node";
import i18next, { type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, i18nConfig, namespaces, supportedLanguages, toLanguage, type Language } from "./config";
import en from "./locales/en";
import zh from "./locales/zh";

type Namespace = (typeof namespaces)[number];

/**
 * The server holds both languages; a page carries its routes' namespaces in its language
 * (app/i18n/page-texts.tsx) and the browser fetches the others from /locales (decision 057).
 */
const resources = { zh, en };

/** One namespace's texts in one language, or null for a namespace the shop does not have. */
export function localeTexts(lang: Language, ns: string): object | null {
  return (namespaces as readonly string[]).includes(ns) ? resources[lang][ns as Namespace] : null;
}

/** The visitor's language choice; one year, readable by the server only. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});

/**
 * The page language: the signed-in account's saved language first, then the cookie,
 * then Accept-Language; anything unknown is zh (spec §9).
 */
export async function getLanguage(request: Request, accountLanguage?: string | null): Promise<Language> {
  if (accountLanguage) return toLanguage(accountLanguage);
  return toLanguage(await remixI18n.getLocale(request));
}

const instances = new Map<Language, I18n>();

/** One initialised i18next instance per language, shared by all requests. */
export function getI18nInstance(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({ ...i18nConfig, lng: lang, resources, initImmediate: false });
    instances.set(lang, instance);
  }
  return instance;
}

/**
 * The process-wide i18next instance holds both languages on the server too: page titles are
 * translated in each route's `meta` (app/utils/meta.ts), which runs outside React and reads it
 * with the page's language; in the browser it is the instance the page's texts start.
 */
if (!i18next.isInitialized) void i18next.init({ ...i18nConfig, resources, initImmediate: false });

/** A translate function for server code (messages, e-mails, Excel headers). */
export function getFixedT(lang: Language, ns: string = "common"): TFunction {
  return getI18nInstance(lang).getFixedT(lang, ns);
}

/** The language the root loader chose for this render. */
export function languageFromContext(context: EntryContext): Language {
  const root = context.staticHandlerContext.loaderData?.root as { lang?: string } | undefined;
  return toLanguage(root?.lang);
}
