import { CacheProvider } from "@emotion/react";
import { ChakraProvider } from "@chakra-ui/react";
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig, namespaces, toLanguage } from "~/i18n/config";
import { localeBackend } from "~/i18n/locales.client";
import { readPageTexts } from "~/i18n/page-texts";
import { createEmotionCache } from "~/theme/emotion";
import { system } from "~/theme/system";

// The browser hides nonce attributes from getAttribute, but the property keeps the value.
const nonce = (document.querySelector("script[nonce]") as HTMLScriptElement | null)?.nonce || undefined;
const cache = createEmotionCache(nonce);

const isNamespace = (ns: string) => (namespaces as readonly string[]).includes(ns);

async function hydrate() {
  const lang = toLanguage(document.documentElement.lang);
  // The texts the page brought (its routes' namespaces, decision 057); the backend fetches the
  // others when a navigation or a language change needs them. Only the page's language: no
  // fallback language to download (both languages have every key).
  const texts = readPageTexts();
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      ...i18nConfig,
      lng: lang,
      fallbackLng: false,
      ns: Object.keys(texts).length ? Object.keys(texts) : ["common"],
      resources: { [lang]: texts },
      partialBundledLanguages: true,
      // A text of a namespace the page did not bring (a message key another route's action chose,
      // "order:…"): fetch the namespace, and re-render what uses texts once it is added.
      saveMissing: true,
      missingKeyHandler: (_languages, ns) => {
        if (isNamespace(ns) && !i18next.hasLoadedNamespace(ns)) void i18next.loadNamespaces(ns);
      },
      // a route of another area suspends until its texts arrive: the navigation (a React transition)
      // keeps the previous page on screen meanwhile instead of showing raw keys
      react: { ...i18nConfig.react, useSuspense: true, bindI18nStore: "added" },
    });
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18next}>
          <CacheProvider value={cache}>
            <ChakraProvider value={system}>
              <RemixBrowser />
            </ChakraProvider>
          </CacheProvider>
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
