import { CacheProvider } from "@emotion/react";
import { ChakraProvider } from "@chakra-ui/react";
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig, toLanguage } from "~/i18n/config";
import { localeBackend } from "~/i18n/locales.client";
import { createEmotionCache } from "~/theme/emotion";
import { system } from "~/theme/system";

// The browser hides nonce attributes from getAttribute, but the property keeps the value.
const nonce = (document.querySelector("script[nonce]") as HTMLScriptElement | null)?.nonce || undefined;
const cache = createEmotionCache(nonce);

async function hydrate() {
  const lang = toLanguage(document.documentElement.lang);
  // Only the page's language: no fallback language to download (both files have every key).
  await i18next.use(localeBackend).use(initReactI18next).init({ ...i18nConfig, lng: lang, fallbackLng: false });
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
