import { getFixedT } from "~/i18n/i18n.server";

type Values = Record<string, string | number>;

/**
 * A notice's title and body in both languages, from the notices namespace of the locale files
 * (`<key>.title`, `<key>.body`): the notice row keeps both, the reader's language picks one. The
 * values are the same in both languages, or given per language (a support request's kind).
 */
export function noticeTexts(key: string, values: Values | ((lang: "zh" | "en") => Values)) {
  const text = (lang: "zh" | "en", part: "title" | "body") => {
    const v = typeof values === "function" ? values(lang) : values;
    return getFixedT(lang, "notices")(`${key}.${part}`, v);
  };
  return { title_zh: text("zh", "title"), title_en: text("en", "title"), body_zh: text("zh", "body"), body_en: text("en", "body") };
}

/** The title only, in both languages (a feedback notice's body is the staff's own message). */
export function noticeTitles(key: string, values: Values) {
  return { title_zh: getFixedT("zh", "notices")(`${key}.title`, values), title_en: getFixedT("en", "notices")(`${key}.title`, values) };
}
