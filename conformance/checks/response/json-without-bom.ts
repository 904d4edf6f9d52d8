// "All responses are JSON" (trading §1 bullet 2, wallet §1 bullet 2): JSON text exchanged between
// systems must not begin with a byte-order mark (RFC 8259 §8.1). A client's text() drops one
// silently and JSON.parse in most languages refuses it, so the bytes as received are judged, before
// any decoding (exchange.ts: bodyText and json already read past it).
import { defineResponseCheck, seed } from '../check.js';

const MARKS: readonly { bytes: readonly number[]; name: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], name: 'a UTF-8 byte-order mark (EF BB BF)' },
  { bytes: [0xfe, 0xff], name: 'a UTF-16 byte-order mark (FE FF)' },
  { bytes: [0xff, 0xfe], name: 'a UTF-16 byte-order mark (FF FE)' },
];

export const jsonWithoutBom = defineResponseCheck({
  id: 'json-without-bom',
  title: 'no byte-order mark before the JSON (RFC 8259 §8.1)',
  assertions: [seed('bom', ['trading §1 bullet 2', 'wallet §1 bullet 2'])],
  appliesTo: ['trading', 'wallet'],
  applies: (ex) => ex.bodyBytes.length > 0,
  run(ex) {
    const mark = MARKS.find((m) => m.bytes.every((b, i) => ex.bodyBytes[i] === b));
    return mark ? [`the body starts with ${mark.name}: JSON is sent without one (RFC 8259 §8.1)`] : [];
  },
});
