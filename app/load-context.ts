/**
 * What server.ts's getLoadContext gives every loader and action: values of one request that
 * Remix's Request does not carry.
 */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** the nonce of this response's Content-Security-Policy, for the inline scripts Remix writes */
    cspNonce: string;
    /** the client's address as Express sees it under TRUST_PROXY (throttling, session records) */
    clientIp: string | null;
  }
}

export {};
