// textBodyResponse: the Response an in-process fetch answers with (fake.fetch, web-request.ts), its
// body kept as the text the pipeline made. Portable: Fetch API globals only.

type TextBodyResponseClass = new (text: string, init: ResponseInit) => Response;

let TextBodyResponse: TextBodyResponseClass | undefined;

/**
 * A Response whose body is a string, made into a stream only if someone asks for `body`.
 *
 * Why: on Node 20 `new Response(text)` cost about 12 µs and `await response.json()` another 20
 * (undici turns the string into a stream and reads it back), several times what the fake spends
 * answering an in-process read. Here `json()` and `text()` read the string itself.
 *
 * What a client sees is a Response's: `instanceof Response`, status, headers, a body read once
 * (`bodyUsed`, then a TypeError), `clone()` before reading. Anything else that reads the body
 * (`body`, `arrayBuffer()`, `blob()`, `bytes()`, `formData()`) goes to a real Response made from the
 * same text the first time one is needed, and from then on the real one decides.
 */
export function textBodyResponse(text: string, init: ResponseInit): Response {
  // The class is made on the first call, not when the module loads: on Node 20 the first use of
  // the Response global loads undici, about 25 ms that every `doppel mock` start would pay.
  TextBodyResponse ??= defineTextBodyResponse();
  return new TextBodyResponse(text, init);
}

function defineTextBodyResponse(): TextBodyResponseClass {
  // Extended through this view: the DOM library types Response's methods as properties, which a
  // class may not override with methods or accessors; at run time it is Response itself.
  const ResponseBase = Response as unknown as new (body: null, init: ResponseInit) => Pick<Response, 'status' | 'statusText' | 'headers'>;

  class TextBody extends ResponseBase {
    readonly #text: string;
    readonly #init: ResponseInit;
    #used = false;
    #real: Response | undefined;

    constructor(text: string, init: ResponseInit) {
      super(null, init);
      this.#text = text;
      this.#init = init;
    }

    /** The real Response, made once; after a fast read it is made already read (a body is read once). */
    #body(): Response {
      if (this.#real === undefined) {
        this.#real = new Response(this.#text, this.#init);
        if (this.#used) void this.#real.text();
      }
      return this.#real;
    }

    #take(): string {
      if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
      this.#used = true;
      return this.#text;
    }

    get body(): ReadableStream<Uint8Array> | null {
      return this.#body().body;
    }

    get bodyUsed(): boolean {
      return this.#real === undefined ? this.#used : this.#real.bodyUsed;
    }

    async text(): Promise<string> {
      if (this.#real !== undefined) return this.#real.text();
      return this.#take();
    }

    async json(): Promise<unknown> {
      if (this.#real !== undefined) return this.#real.json();
      return JSON.parse(this.#take());
    }

    arrayBuffer(): Promise<ArrayBuffer> {
      return this.#body().arrayBuffer();
    }

    blob(): Promise<Blob> {
      return this.#body().blob();
    }

    formData(): Promise<FormData> {
      return this.#body().formData();
    }

    // Response.prototype.bytes is newer (Node 22, current browsers): where a Response has it, so
    // does this one, read from the real body like the others.
    static {
      if (typeof (Response.prototype as { bytes?: unknown }).bytes === 'function') {
        Object.defineProperty(TextBody.prototype, 'bytes', {
          configurable: true,
          writable: true,
          value(this: TextBody): Promise<Uint8Array> {
            return (this.#body() as Response & { bytes(): Promise<Uint8Array> }).bytes();
          },
        });
      }
    }

    clone(): Response {
      if (this.#real !== undefined) return this.#real.clone();
      if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
      return new TextBody(this.#text, { status: this.status, statusText: this.statusText, headers: new Headers(this.headers) }) as unknown as Response;
    }
  }
  return TextBody as unknown as TextBodyResponseClass;
}
