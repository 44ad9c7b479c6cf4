import { z } from "zod";

/**
 * The title and body pairs that content, promotions and bidding notices all carry (zh and en):
 * required titles of at most 200 characters, optional bodies of at most 20,000. `errors` is the
 * form's own error-key prefix, so each page says its messages in its own words.
 */
export function bilingualTitles(errors: string) {
  const title = z
    .string({ error: `${errors}title` })
    .trim()
    .min(1, `${errors}title`)
    .max(200, `${errors}tooLong`);
  return { titleZh: title, titleEn: title };
}

export function bilingualBodies(errors: string) {
  const body = z.string().max(20_000, `${errors}tooLong`).default("");
  return { bodyZh: body, bodyEn: body };
}
