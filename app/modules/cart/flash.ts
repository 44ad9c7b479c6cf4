/**
 * Result messages carried in the URL after POST/redirect/GET (works without JavaScript):
 * ?cartOk=<i18n key> | ?cartErr=<i18n key>, with cartV=<json values>. Only known namespaces
 * are rendered; bad values are ignored.
 */
export interface FlashMessage {
  ok: boolean;
  key: string;
  values: Record<string, string | number>;
}

const KEY = /^(order|common):[A-Za-z0-9_.]{1,80}$/;

export function withFlash(path: string, msg: { ok: boolean; key: string; values?: Record<string, string | number> }): string {
  const [base, hash] = path.split("#");
  const url = new URL(base, "http://x");
  url.searchParams.delete("cartOk");
  url.searchParams.delete("cartErr");
  url.searchParams.delete("cartV");
  url.searchParams.set(msg.ok ? "cartOk" : "cartErr", msg.key);
  if (msg.values && Object.keys(msg.values).length) url.searchParams.set("cartV", JSON.stringify(msg.values));
  return url.pathname + url.search + (hash ? `#${hash}` : "");
}

export function readFlash(params: URLSearchParams): FlashMessage | null {
  const okKey = params.get("cartOk");
  const errKey = params.get("cartErr");
  const key = okKey ?? errKey;
  if (!key || !KEY.test(key)) return null;
  let values: Record<string, string | number> = {};
  const raw = params.get("cartV");
  if (raw && raw.length < 500) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        values = Object.fromEntries(
          Object.entries(parsed as Record<string, unknown>).filter(
            (e): e is [string, string | number] => typeof e[1] === "string" || typeof e[1] === "number",
          ),
        );
      }
    } catch {
      values = {};
    }
  }
  return { ok: !!okKey, key, values };
}
