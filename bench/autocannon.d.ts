// The part of autocannon's API the bench uses (the package ships no types; @types/autocannon would
// be one more devDependency for four fields).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      pipelining?: number;
      duration?: number;
      timeout?: number;
      /** Requests per second over all connections. */
      overallRate?: number;
      /** Each request made by setupRequest (a header of its own per request). */
      requests?: { setupRequest: (request: { headers?: Record<string, string> }) => { headers?: Record<string, string> } }[];
    }
    interface Result {
      requests: { total: number; average: number };
      non2xx: number;
      errors: number;
      timeouts: number;
    }
    interface Instance {
      on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): Instance;
      stop(): void;
    }
  }
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export default autocannon;
}
