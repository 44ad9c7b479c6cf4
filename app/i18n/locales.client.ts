import type { BackendModule, ReadCallback } from "i18next";
import { toLanguage } from "./config";

/**
 * The texts a page did not bring (decision 057): a navigation to a route with another namespace,
 * or a language change, fetches /locales/<lang>/<ns>.json. The build's version is in the address,
 * so the browser keeps each file until the next release.
 */
export const localeBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const version = (window as { __remixManifest?: { version?: string } }).__remixManifest?.version ?? "";
    const url = `/locales/${toLanguage(language)}/${encodeURIComponent(namespace)}.json?v=${encodeURIComponent(version)}`;
    fetch(url, { credentials: "omit" })
      .then((response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.json() as Promise<Parameters<ReadCallback>[1]>;
      })
      .then(
        (texts) => callback(null, texts),
        (error: Error) => callback(error, false),
      );
  },
};
