import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/**
 * The dropdowns inside `ref` are `<details class="dropdown">`: they open and close without
 * JavaScript. With JavaScript they also close on Escape (the focus goes back to their button),
 * on a click outside and after a navigation — but not when the page hydrates: a menu opened
 * before the scripts ran stays open.
 */
export function useDismissDropdowns(ref: RefObject<HTMLElement>) {
  const location = useLocation();
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    ref.current?.querySelectorAll<HTMLDetailsElement>("details.dropdown[open]").forEach((d) => (d.open = false));
  }, [location.key, ref]);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const openMenus = () => root.querySelectorAll<HTMLDetailsElement>("details.dropdown[open]");
    const closeOutside = (e: MouseEvent) => {
      openMenus().forEach((d) => {
        if (!d.contains(e.target as Node)) d.open = false;
      });
    };
    const closeOnEscape = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      openMenus().forEach((d) => {
        const hadFocus = d.contains(document.activeElement);
        d.open = false;
        if (hadFocus) d.querySelector("summary")?.focus();
      });
    };
    document.addEventListener("click", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("click", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [ref]);
}
