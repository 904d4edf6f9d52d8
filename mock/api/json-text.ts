// JsonText: an operation's result whose JSON text the operation already has (a listing assembled
// from per-record texts it keeps, mock/api/wallet/list-wallets.ts). The pipeline wraps the text in
// the interface's envelope (InterfaceRules.envelopeText) instead of building and serializing the
// value again; the answer's bytes are the same as JSON.stringify of the envelope of the value.

/** The JSON text of a value of type T (the type is for the operation's signature only). */
export class JsonText<T = unknown> {
  declare readonly value?: T;
  constructor(readonly text: string) {}
}
