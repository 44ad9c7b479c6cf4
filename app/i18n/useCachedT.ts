import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/**
 * A translate function that remembers, for one render, the texts asked for without options: a
 * product list asks for the same labels on every one of its rows, and i18next's own lookup was
 * the largest cost of rendering a 50-row list (measured with --cpu-prof).
 */
export function useCachedT(ns: string) {
  const { t, i18n, ready } = useTranslation(ns);
  const lang = i18n.language;
  return useMemo(() => {
    const plain = new Map<string, string>();
    return (key: string, options?: Record<string, string | number>): string => {
      if (options) return t(key, options) as string;
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = t(key) as string));
      return text;
    };
    // a new function per language, and again once a namespace fetched after a language change has come
    // (before, its texts are not there yet: remembering them would keep the placeholders)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lang and ready are what change
  }, [t, lang, ready]);
}
