import createCache from "@emotion/cache";

/** One cache key on server and client, or styles are lost when the client re-renders. */
export function createEmotionCache(nonce?: string) {
  return createCache({ key: "css", nonce });
}
