import { describe, expect, it } from 'vitest';
import { textBodyResponse } from './text-body-response.js';

const TEXT = '{"success":true,"data":{"é":"ü","n":1}}';
const INIT = { status: 201, headers: { 'content-type': 'application/json; charset=utf-8', vary: 'Origin' } };

// Each case runs on a real Response and on a TextBodyResponse: what a client observes must agree.
const makers = {
  real: () => new Response(TEXT, INIT),
  text: () => textBodyResponse(TEXT, INIT),
};

/** What a sequence of reads observes: each step's outcome (value or error class), then bodyUsed. */
async function observe(response: Response, steps: ((r: Response) => unknown)[]): Promise<unknown[]> {
  const seen: unknown[] = [];
  for (const step of steps) {
    try {
      const value = await step(response);
      seen.push(value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? ['bytes', new TextDecoder().decode(value as ArrayBuffer)] : value instanceof Blob ? ['blob', await value.text(), value.type] : value);
    } catch (error) {
      seen.push(['throws', (error as Error).constructor.name]);
    }
    seen.push(['bodyUsed', response.bodyUsed]);
  }
  return seen;
}

const readBody = async (r: Response): Promise<string> => {
  const reader = r.body!.getReader();
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
  return text;
};

const sequences: [string, ((r: Response) => unknown)[]][] = [
  ['json, then json again', [(r) => r.json(), (r) => r.json()]],
  ['text, then arrayBuffer', [(r) => r.text(), (r) => r.arrayBuffer()]],
  ['json, then the body stream', [(r) => r.json(), (r) => readBody(r)]],
  ['the body stream, then json', [(r) => readBody(r), (r) => r.json()]],
  ['arrayBuffer, then text', [(r) => r.arrayBuffer(), (r) => r.text()]],
  ['blob', [(r) => r.blob()]],
  ['clone, then json on both', [(r) => r.clone().json(), (r) => r.json()]],
  ['json, then clone', [(r) => r.json(), (r) => r.clone()]],
  ['status, ok and headers', [(r) => [r.status, r.ok, r.statusText, [...r.headers]]]],
  ...(typeof (Response.prototype as { bytes?: unknown }).bytes === 'function'
    ? [['bytes, then text', [(r: Response) => (r as Response & { bytes(): Promise<Uint8Array> }).bytes(), (r: Response) => r.text()]] as [string, ((r: Response) => unknown)[]]]
    : []),
];

describe('textBodyResponse', () => {
  it('is a Response', () => {
    expect(makers.text()).toBeInstanceOf(Response);
  });

  for (const [name, steps] of sequences) {
    it(`observes as a Response does: ${name}`, async () => {
      const expected = await observe(makers.real(), steps);
      expect(await observe(makers.text(), steps)).toEqual(expected);
    });
  }

  it('rejects json() of text that is no JSON with a SyntaxError, as a Response does', async () => {
    await expect(new Response('not json').json()).rejects.toThrow(SyntaxError);
    await expect(textBodyResponse('not json', { status: 200 }).json()).rejects.toThrow(SyntaxError);
  });
});
