import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { RowMessage } from "./ProductRow";

type Kind = "cart" | "fav";

/**
 * Progressive enhancement for the many small forms of a product list. The rows render plain
 * <form> elements (no hooks per row: a 50-row list rendered 100 fetchers on the server); with
 * JavaScript one delegated submit handler sends them through two fetchers and keeps the answers
 * per product. Without JavaScript the forms post and redirect as usual.
 */
export function useRowForms(translate: (key: string) => string) {
  const cart = useFetcher<{ ok?: boolean; message?: string }>();
  const fav = useFetcher<{ ok: boolean; fav: boolean; message: string }>();
  const last = useRef<Record<Kind, number | null>>({ cart: null, fav: null });
  const [messages, setMessages] = useState<Record<string, RowMessage>>({});
  const [favs, setFavs] = useState<Record<number, boolean>>({});

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
    if (kind === "cart") {
      body.set("respond", "json");
      cart.submit(body, { method: "post", action: "/shopCart?index" });
    } else {
      body.set("inline", "1");
      const adding = body.get("intent") === "add";
      setFavs((f) => ({ ...f, [id]: adding })); // at once; corrected by the answer
      fav.submit(body, { method: "post", action: "/order/myCollect" });
    }
  }

  return {
    onSubmit,
    isFav: (id: number, serverFav: boolean) => favs[id] ?? serverFav,
    message: (kind: Kind, id: number) => messages[`${kind}-${id}`],
    busy: (kind: Kind, id: number) => (kind === "cart" ? cart : fav).state !== "idle" && last.current[kind] === id,
  };
}
