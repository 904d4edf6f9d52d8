// Which connection carried a request doppel sent through undici, so that bytes a target sends past
// an answer's Content-Length are charged to that answer. undici ends an answer where its
// Content-Length says (RFC 9112 §6.3) and parses what follows on the connection as the next answer:
// bytes that arrive with the answer's end, no request waiting, make it drop the connection at once
// ("bad response"; seen as the answer ends, so that answer carries the finding); bytes that arrive
// after the next request went out on the connection (undici reuses it a turn of the event loop
// after the answer) are read as that request's answer, which then fails to parse (HTTPParserError),
// most likely the previous answer's fault. Bytes that arrive later on an idle connection only make
// undici drop it: not seen. undici says which socket sent a request on its diagnostics channels; a
// request is ours when undici created it inside watched(), as it does when a connection is free or
// can be opened (the agents here have no connection limit; a request queued for one is not watched).
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

export interface Watched {
  /** The connection the request went out on, once it did. */
  socket: Socket | undefined;
  /** The request of ours that went out on the same connection just before, if any. */
  previous: Watched | undefined;
  /** What the request was, for a later request's message (`#12 GET /api/v1/prices`). */
  label: string;
}

let current: Watched | undefined;
const watchedOf = new WeakMap<object, Watched>();
const lastOn = new WeakMap<Socket, Watched>();
let subscribed = false;

function listen(): void {
  subscribed = true;
  subscribe('undici:request:create', (message) => {
    if (current) watchedOf.set((message as { request: object }).request, current);
  });
  subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request: object; socket: Socket };
    const w = watchedOf.get(request);
    if (!w) return;
    w.socket = socket;
    w.previous = lastOn.get(socket);
    // One request back is all a message needs: no chain of every request the connection carried.
    if (w.previous) w.previous.previous = undefined;
    lastOn.set(socket, w);
  });
}

/** Starts a request (`send` calls undici) and says which connection it goes out on. */
export function watched<T>(label: string, send: () => T): { result: T; watch: Watched } {
  if (!subscribed) listen();
  const watch: Watched = { socket: undefined, previous: undefined, label };
  current = watch;
  try {
    return { result: send(), watch };
  } finally {
    current = undefined;
  }
}

/** undici dropped the connection because more bytes followed an answer (no request was waiting for them). */
const overran = (error: Error | null | undefined): boolean => error?.message === 'bad response' || error?.name === 'HTTPParserError';

/**
 * Called as the answer's body has ended: why undici dropped its connection for bytes beyond the
 * body's announced length, if it did; `length` is the Content-Length.
 */
export function overrunOf(watch: Watched, length: string | undefined): string | undefined {
  const error = watch.socket?.errored;
  if (length === undefined || !overran(error)) return undefined;
  return `more bytes came after the ${length} its Content-Length announced (undici read the answer up to that length and dropped the connection: ${error?.message})`;
}

/**
 * A request whose answer could not be parsed, on a connection that had carried an answer of ours
 * before: those bytes were most likely that answer's, sent past its Content-Length (else the
 * answer itself is not HTTP; from here the two look alike). Undefined when the error is not a
 * parse error or the connection was new.
 */
export function blamedOnPrevious(watch: Watched, error: unknown): string | undefined {
  const previous = watch.previous;
  if ((error as Error)?.name !== 'HTTPParserError' || previous === undefined) return undefined;
  return `the bytes read as its answer are not HTTP (${(error as Error).message}); they came on the connection after the answer to ${previous.label}: most likely that answer went on past its Content-Length (RFC 9112 §6.3), else this answer is not HTTP`;
}
