import type { EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { ChakraProvider } from "@chakra-ui/react";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { getDb } from "~/db/index.server";
import { getI18nInstance, languageFromContext } from "~/i18n/i18n.server";
import { recordServerError } from "~/modules/admin/error-log.server";
import { createEmotionCache } from "~/theme/emotion";
import { system } from "~/theme/system";
import { log } from "~/utils/log.server";
import { NonceProvider } from "~/utils/nonce";

const insertionPoint = '<meta name="emotion-insertion-point" content=""/>';

/**
 * Renders the whole page to a string, then extracts the Emotion (Chakra) CSS it used and puts it in
 * the head, so a page fetched without JavaScript is already styled. Emotion cannot extract from a
 * stream anyway, and no page defers data, so the document is rendered in one piece with
 * renderToString: a third cheaper than collecting renderToPipeableStream's chunks (decision 028;
 * this is why single fetch is off in remix.config.js).
 */
export default async function handleRequest(request: Request, statusCode: number, headers: Headers, context: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce ?? "";
  const lang = languageFromContext(context);
  const i18n = getI18nInstance(lang);
  const cache = createEmotionCache(nonce || undefined);
  const emotion = createEmotionServer(cache);

  const started = performance.now();
  const html = renderToString(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <CacheProvider value={cache}>
          <ChakraProvider value={system}>
            <RemixServer context={context} url={request.url} nonce={nonce} />
          </ChakraProvider>
        </CacheProvider>
      </I18nextProvider>
    </NonceProvider>,
  );
  const rendered = performance.now();
  const styles = emotion.constructStyleTagsFromChunks(styleChunks(cache));
  // The styles go after the insertion point in the head. Two slices of the page, encoded apart,
  // rather than replace(): that copied the whole page once more before encoding it.
  const found = html.indexOf(insertionPoint);
  const at = found < 0 ? 0 : found + insertionPoint.length;
  const body = Buffer.concat([Buffer.from(`<!DOCTYPE html>${html.slice(0, at)}${styles}`), Buffer.from(html.slice(at))]);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Render and style-extraction times, visible in the browser's network panel.
  headers.append("Server-Timing", `render;dur=${(rendered - started).toFixed(1)}, styles;dur=${(performance.now() - rendered).toFixed(1)}`);
  // The page's bytes as a stream of one chunk: a string body would be re-checked for lone
  // surrogates, and a Buffer body is copied once more by undici (~35 µs a page).
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  return new Response(stream, {
    status: statusCode,
    headers,
  });
}

/**
 * Emotion's extractCriticalToChunks, without its search of the whole HTML for class names: the
 * cache is made for this one render, so every style in it was used by this page.
 */
function styleChunks(cache: EmotionCache) {
  const styles: { key: string; ids: string[]; css: string }[] = [];
  const regular = { key: cache.key, ids: [] as string[], css: "" };
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== "string" || !css) continue;
    if (cache.registered[`${cache.key}-${id}`]) {
      regular.ids.push(id);
      regular.css += css;
    } else {
      styles.push({ key: `${cache.key}-global`, ids: [id], css }); // global styles: one tag each, as Emotion does
    }
  }
  styles.push(regular);
  return { html: "", styles };
}

/**
 * Remix calls this for every error a loader, action or render throws. A refused request (Remix's
 * own 405 for a post to a page without an action, a 404) is not a server error: one line that
 * says what was refused. Anything else is logged with its stack and written to the error log.
 * Aborted requests (the browser went away) are skipped, as Remix's docs recommend.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const where = { method: request.method, path: new URL(request.url).pathname };
  if (isRouteErrorResponse(error)) {
    log.warn("request refused", { ...where, status: error.status, reason: error.statusText || String(error.data).slice(0, 200) });
    return;
  }
  const stack = (error as Error | null)?.stack;
  log.error("server error", { ...where, error: String(error), stack });
  // Also into the error log (/system/errorLog). Logging must never fail the request: a failure of
  // the log itself (database down, the error was the database) is ignored.
  try {
    recordServerError(getDb(), { ...where, message: String(error), stack: typeof stack === "string" ? stack : null }).catch(() => {});
  } catch {
    // ignored, as above
  }
}
