import { describe, expect, it } from 'vitest';
import { declaredLengthExceeds, decodeBody, isJsonContentType } from './decode-body.js';

const utf8 = (s: string) => new TextEncoder().encode(s);
const JSON_CT = 'application/json';

describe('decodeBody', () => {
  it('parses JSON with a JSON content type, charset allowed', () => {
    expect(decodeBody(utf8('{"a":1}'), JSON_CT, 100)).toEqual({ body: { a: 1 }, text: '{"a":1}' });
    expect(decodeBody(utf8('[1,"x"]'), 'Application/JSON; charset=UTF-8', 100)).toEqual({ body: [1, 'x'], text: '[1,"x"]' });
    expect(decodeBody(utf8('"ü"'), JSON_CT, 100)).toEqual({ body: 'ü', text: '"ü"' });
  });

  it('empty body is undefined whatever the content type', () => {
    expect(decodeBody(new Uint8Array(0), undefined, 100)).toEqual({ body: undefined });
    expect(decodeBody(new Uint8Array(0), 'text/plain', 100)).toEqual({ body: undefined });
  });

  it('checks size, then media type, then JSON', () => {
    expect(decodeBody(utf8('x'.repeat(101)), 'text/plain', 100)).toEqual({ body: undefined, bodyError: 'payload_too_large' });
    expect(decodeBody(null, JSON_CT, 100)).toEqual({ body: undefined, bodyError: 'payload_too_large' });
    expect(decodeBody(utf8('x'.repeat(100)), 'text/plain', 100).bodyError).toBe('unsupported_media_type');
    expect(decodeBody(utf8('{}'), undefined, 100).bodyError).toBe('unsupported_media_type');
    expect(decodeBody(utf8('{}'), 'application/jsonx', 100).bodyError).toBe('unsupported_media_type');
    expect(decodeBody(utf8('{"a":'), JSON_CT, 100).bodyError).toBe('invalid_json');
    expect(decodeBody(utf8('  '), JSON_CT, 100).bodyError).toBe('invalid_json');
    expect(decodeBody(new Uint8Array([0x22, 0xff, 0x22]), JSON_CT, 100).bodyError).toBe('invalid_json');
  });

  it('keeps __proto__ as a plain own property without touching prototypes', () => {
    const { body } = decodeBody(utf8('{"__proto__":{"polluted":true},"a":1}'), JSON_CT, 1000);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.hasOwn(body as object, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect({ ...(body as object) }).not.toHaveProperty('polluted');
  });
});

describe('helpers', () => {
  it('refuses lone surrogates in strings and keys, accepts escaped pairs', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(decodeBody(bytes('{"password":"\\ud800"}'), 'application/json', 1000)).toEqual({ body: undefined, bodyError: 'invalid_json' });
    expect(decodeBody(bytes('{"\\udfff":1}'), 'application/json', 1000)).toEqual({ body: undefined, bodyError: 'invalid_json' });
    expect(decodeBody(bytes('{"name":"\\ud83d\\ude00 \\u00e9"}'), 'application/json', 1000)).toMatchObject({ body: { name: '😀 é' } });
  });

  it('isJsonContentType', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType(' application/json ; charset=utf-8')).toBe(true);
    expect(isJsonContentType('text/json')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });

  it('declaredLengthExceeds', () => {
    expect(declaredLengthExceeds('101', 100)).toBe(true);
    expect(declaredLengthExceeds('100', 100)).toBe(false);
    expect(declaredLengthExceeds(undefined, 100)).toBe(false);
    expect(declaredLengthExceeds('abc', 100)).toBe(false);
  });
});
