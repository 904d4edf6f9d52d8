// scrypt for password hashes: the host's native one when it has it (Node: node:crypto scryptSync,
// reached through process.getBuiltinModule so that nothing here imports a node: module), else
// @noble/hashes (browsers, workers). Both give the same bytes for the same input (tested in
// test/mock/wallet/password-and-heap.test.ts). Why not @noble everywhere: in Node it is ~100 ms per
// call until the JIT has warmed it (~15 ms after), against ~13 ms native; the first login of the
// demo user derives its hash, and every register/login pays it.
import { scrypt as nobleScrypt } from '@noble/hashes/scrypt.js';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  dkLen: number;
}

type NativeScrypt = (password: string, salt: Uint8Array, keylen: number, options: { N: number; r: number; p: number }) => Uint8Array;

// Looked up on first use: loading node:crypto is ~3 ms that a start (which hashes nothing) need not wait for.
let native: NativeScrypt | null | undefined;

function nativeScrypt(): NativeScrypt | null {
  if (native === undefined) {
    const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    native = (host?.getBuiltinModule?.('node:crypto') as { scryptSync?: NativeScrypt } | undefined)?.scryptSync ?? null;
  }
  return native;
}

export function scrypt(password: string, salt: Uint8Array, params: ScryptParams): Uint8Array {
  const native = nativeScrypt();
  if (native) return new Uint8Array(native(password, salt, params.dkLen, { N: params.N, r: params.r, p: params.p }));
  return nobleScrypt(password, salt, params);
}

/** The portable implementation, for the test that pins both to the same bytes. */
export const portableScrypt = (password: string, salt: Uint8Array, params: ScryptParams): Uint8Array => nobleScrypt(password, salt, params);
