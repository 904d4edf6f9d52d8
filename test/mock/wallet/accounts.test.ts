// register and login (seed §4, decisions wallet.register-semantics and wallet.login-token).

import { describe, expect, it } from 'vitest';
import { createHarness } from './wallet-harness.js';

describe('POST /api/v1/register', () => {
  it('creates a user: 200, user_id, message, and the password is never echoed', () => {
    const h = createHarness();
    const res = h.call('POST', '/api/v1/register', { body: { name: 'Ada', email: 'ada@example.com', password: 's3cret-pass' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, user_id: 2, message: 'User registered successfully' });
    const state = h.call('GET', '/__doppel/summary');
    expect(JSON.stringify(state.body)).not.toContain('s3cret-pass');
    expect(JSON.stringify(state.body)).not.toMatch(/hash|salt/i);
  });

  it.each([
    ['a malformed email', { name: 'A', email: 'not-an-email', password: 'x' }],
    ['a missing name', { email: 'a@example.com', password: 'x' }],
    ['a missing password', { name: 'A', email: 'a@example.com' }],
    ['an empty password', { name: 'A', email: 'a@example.com', password: '' }],
    ['a non-string email', { name: 'A', email: 42, password: 'x' }],
  ])('answers 400 for %s', (_what, body) => {
    const res = createHarness().call('POST', '/api/v1/register', { body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.code).toBe('invalid_request');
  });

  it('answers 400 without a body and for invalid JSON', () => {
    const h = createHarness();
    expect(h.call('POST', '/api/v1/register').status).toBe(400);
    expect(h.call('POST', '/api/v1/register', { bodyError: 'invalid_json' }).status).toBe(400);
  });

  it('answers 409 for a duplicate e-mail, compared case-insensitively', () => {
    const h = createHarness();
    const res = h.call('POST', '/api/v1/register', { body: { name: 'Imposter', email: 'DEMO@doppel.test', password: 'x' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
  });

  it('answers 413 for an oversized body', () => {
    const res = createHarness().call('POST', '/api/v1/register', { bodyError: 'payload_too_large' });
    expect(res.status).toBe(413);
  });
});

describe('POST /api/v1/login', () => {
  it('returns a wt_ token and the user; the token is a working X-API-Key', () => {
    const h = createHarness();
    const res = h.call('POST', '/api/v1/login', { body: { email: 'demo@doppel.test', password: 'demo-password' } });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^wt_[0-9a-f]{40}$/);
    expect(res.body.user).toEqual({ id: 1, name: 'Demo User', email: 'demo@doppel.test' });
    expect(h.call('GET', '/api/v1/wallets', { key: res.body.token }).status).toBe(200);
  });

  it('makes a new token per login, both valid', () => {
    const h = createHarness();
    const a = h.call('POST', '/api/v1/login', { body: { email: 'demo@doppel.test', password: 'demo-password' } }).body.token;
    const b = h.call('POST', '/api/v1/login', { body: { email: 'Demo@Doppel.test', password: 'demo-password' } }).body.token;
    expect(a).not.toBe(b);
    expect(h.call('GET', '/api/v1/wallets', { key: a }).status).toBe(200);
    expect(h.call('GET', '/api/v1/wallets', { key: b }).status).toBe(200);
  });

  it('answers 401 with one message for a wrong password and an unknown e-mail', () => {
    const h = createHarness();
    const wrong = h.call('POST', '/api/v1/login', { body: { email: 'demo@doppel.test', password: 'nope' } });
    const unknown = h.call('POST', '/api/v1/login', { body: { email: 'nobody@doppel.test', password: 'demo-password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe(unknown.body.error);
  });

  it('answers 400 for a missing field and 413 for an oversized body', () => {
    const h = createHarness();
    expect(h.call('POST', '/api/v1/login', { body: { email: 'demo@doppel.test' } }).status).toBe(400);
    expect(h.call('POST', '/api/v1/login', { bodyError: 'payload_too_large' }).status).toBe(413);
  });

  it('a newly registered user can log in', () => {
    const h = createHarness();
    const { id, key } = h.newUser('grace@example.com');
    expect(id).toBe(2);
    expect(h.call('GET', '/api/v1/wallets', { key }).body.wallets).toEqual([]);
  });
});
