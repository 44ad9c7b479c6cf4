import { PassThrough } from "node:stream";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { ChakraProvider } from "@chakra-ui/react";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { getI18nInstance, languageFromContext } from "~/i18n/i18n.server";
import { createEmotionCache } from "~/theme/emotion";
import { system } from "~/theme/system";
import { NonceProvider } from "~/utils/nonce";

const ABORT_DELAY = 10_000;
const insertionPoint = '<meta name="emotion-insertion-point" content=""/>';

/**
 * Renders the whole page, then extracts the Emotion (Chakra) CSS it used and puts it in the head,
 * so a page fetched without JavaScript is already styled. Emotion cannot extract from a stream,
 * so we wait for onAllReady and send the document in one piece (see STACK.md).
 */
export default async function handleRequest(
  request: Request,
  statusCode: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  const lang = languageFromContext(context);
  const i18n = getI18nInstance(lang);
  const cache = createEmotionCache(nonce || undefined);
  const emotion = createEmotionServer(cache);

  const started = performance.now();
  const html = await new Promise<string>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <CacheProvider value={cache}>
            <ChakraProvider value={system}>
              <RemixServer context={context} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
            </ChakraProvider>
          </CacheProvider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (c: Buffer) => chunks.push(c));
          body.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          body.on("error", reject);
          pipe(body);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          failed = true;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1000);
    void failed;
  });

  const rendered = performance.now();
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  const page = html.replace(insertionPoint, insertionPoint + styles);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Render and style-extraction times, visible in the browser's network panel.
  headers.append(
    "Server-Timing",
    `render;dur=${(rendered - started).toFixed(1)}, styles;dur=${(performance.now() - rendered).toFixed(1)}`,
  );
  return new Response(`<!DOCTYPE html>${page.startsWith("<!DOCTYPE html>") ? page.slice(15) : page}`, {
    status: statusCode,
    headers,
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(JSON.stringify({ level: "error", msg: "render error", url: request.url, error: String(error), stack: (error as Error)?.stack }));
}
