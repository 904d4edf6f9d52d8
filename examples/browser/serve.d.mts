// Types of serve.mjs for the TypeScript test that imports it.
export interface ServedExample {
  url: string;
  /** `METHOD /path` of every request the server received, in order. */
  requests: string[];
  close(): Promise<void>;
}
export declare function serveExample(options?: { port?: number }): Promise<ServedExample>;
