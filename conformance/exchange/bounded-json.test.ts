import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseBoundedJson } from './bounded-json.js';

describe('parseBoundedJson', () => {
  it('parses JSON, says why text is not JSON, and refuses what nests deeper than it judges', () => {
    expect(parseBoundedJson('{"a":[1,"]"]}')).toEqual({ value: { a: [1, ']'] } });
    // The empty text's message is JSON.parse's own, the first time and every later time.
    let message = '';
    try {
      JSON.parse('');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(parseBoundedJson('')).toEqual({ error: message });
    expect(parseBoundedJson('')).toEqual({ error: message });
    expect(parseBoundedJson('{"a":').error).toMatch(/JSON/);
    expect(parseBoundedJson('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toHaveProperty('value');
    expect(parseBoundedJson('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)).error).toMatch(/nests deeper than 512 levels/);
  });

  it('leaves the stack depth of later errors as it was, after a parse error too', () => {
    const before = Error.stackTraceLimit;
    parseBoundedJson('not json');
    parseBoundedJson('{}');
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('after').stack).toContain('bounded-json.test.ts');
  });
});

describe('nestsDeeperThan', () => {
  it('counts levels, not brackets: many shallow brackets and brackets inside strings are not depth', () => {
    const shallow = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, tags: ['[', '{'] })));
    expect(nestsDeeperThan(shallow, 512)).toBe(false);
    expect(nestsDeeperThan(`"${'['.repeat(2000)}"`, 512)).toBe(false);
    const deep = `${' '.repeat(2000)}${'{"a":'.repeat(513)}1${'}'.repeat(513)}`;
    expect(nestsDeeperThan(deep, 512)).toBe(true);
    expect(nestsDeeperThan(`${' '.repeat(2000)}${'['.repeat(512)}${']'.repeat(512)}`, 512)).toBe(false);
  });
});
