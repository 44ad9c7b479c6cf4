import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { RowMessage } from "./productHtml";

type Kind = "cart" | "fav";

/**
 * Progressive enhancement for the many small forms of a product list. The rows render plain
 * <form> elements (no hooks per row: a 50-row list rendered 100 fetchers on the server); with
 * JavaScript one delegated submit handler sends them through two fetchers and keeps the answers
 * per product. Without JavaScript the forms post and redirect as usual.
 *
 * The forms are HTML text (productHtml): a row whose state changes is written anew, so the
 * control that had the focus is replaced; it gets the focus back (keyboard users stay in place).
 */
export function useRowForms(translate: (key: string) => string) {
  const cart = useFetcher<{ ok?: boolean; message?: string }>();
  const fav = useFetcher<{ ok: boolean; fav: boolean; message: string }>();
  const last = useRef<Record<Kind, number | null>>({ cart: null, fav: null });
  const [messages, setMessages] = useState<Record<string, RowMessage>>({});
  const [favs, setFavs] = useState<Record<number, boolean>>({});
  const focused = useRef<{ kind: Kind; id: number; control: "input" | "button" } | null>(null);

  // The control to give the focus back to is forgotten only when the user moves on (focus or a
  // pointer elsewhere), not when the fetchers go idle: the answer's own re-render (favourite and
  // message state set after idle) rewrites the row once more, after the fetchers are idle.
  useEffect(() => {
    const forget = (event: Event) => {
      const was = focused.current;
      const form = was && document.querySelector(`form[data-row-form="${was.kind}"][data-product="${was.id}"]`);
      if (!form || !form.contains(event.target as Node)) focused.current = null;
    };
    document.addEventListener("focusin", forget);
    document.addEventListener("pointerdown", forget);
    return () => {
      document.removeEventListener("focusin", forget);
      document.removeEventListener("pointerdown", forget);
    };
  }, []);

  useEffect(() => {
    const was = focused.current;
    if (!was) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const form = document.querySelector(`form[data-row-form="${was.kind}"][data-product="${was.id}"]`);
    (form?.querySelector(was.control) as HTMLElement | null)?.focus();
  });

  useEffect(() => {
    const id = last.current.cart;
    if (id === null || cart.state !== "idle" || !cart.data?.message) return;
    const { ok, message } = cart.data;
    setMessages((m) => ({ ...m, [`cart-${id}`]: { ok: ok !== false, text: message } }));
  }, [cart.state, cart.data]);

  useEffect(() => {
    const id = last.current.fav;
    if (id === null || fav.state !== "idle" || !fav.data) return;
    const { ok, fav: isFav, message } = fav.data;
    setFavs((f) => ({ ...f, [id]: isFav }));
    setMessages((m) => ({ ...m, [`fav-${id}`]: { ok, text: ok ? "" : translate(message) } }));
  }, [fav.state, fav.data, translate]);

  function onSubmit(event: FormEvent<HTMLElement>) {
    const form = event.target as HTMLFormElement;
    const kind = form.dataset?.rowForm as Kind | undefined;
    if (kind !== "cart" && kind !== "fav") return;
    event.preventDefault();
    const body = new FormData(form);
    const id = Number(form.dataset.product);
    last.current[kind] = id;
    const active = document.activeElement;
    focused.current = active && form.contains(active) ? { kind, id, control: active.tagName === "INPUT" ? "input" : "button" } : null;
    if (kind === "cart") {
      body.set("respond", "json");
      cart.submit(body, { method: "post", action: form.getAttribute("action") ?? "/shopCart?index" });
    } else {
      body.set("inline", "1");
      const adding = new URL(form.action, window.location.href).searchParams.get("intent") === "add";
      setFavs((f) => ({ ...f, [id]: adding })); // at once; corrected by the answer
      fav.submit(body, { method: "post", action: form.getAttribute("action") ?? "/order/myCollect" });
    }
  }

  return {
    onSubmit,
    isFav: (id: number, serverFav: boolean) => favs[id] ?? serverFav,
    message: (kind: Kind, id: number) => messages[`${kind}-${id}`],
    busy: (kind: Kind, id: number) => (kind === "cart" ? cart : fav).state !== "idle" && last.current[kind] === id,
  };
}
