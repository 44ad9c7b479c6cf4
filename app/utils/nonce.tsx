import { createContext, useContext } from "react";

/** The per-request CSP nonce, given by server.ts and used for every inline script. */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
