import type { BackendModule, ReadCallback } from "i18next";
import { toLanguage, type Language } from "./config";

/**
 * The browser downloads the texts of its page's language only (each language is its own chunk,
 * ~10 KB gzip); a language change after sign-in or the toggle loads the other one on demand.
 */
const load: Record<Language, () => Promise<{ default: Record<string, object> }>> = {
  zh: () => import("./locales/zh"),
  en: () => import("./locales/en"),
};

export const localeBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    load[toLanguage(language)]().then(
      (texts) => callback(null, texts.default[namespace] as Parameters<ReadCallback>[1]),
      (error: Error) => callback(error, false),
    );
  },
};
