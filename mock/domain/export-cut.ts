// Export cuts: how a state export that is read out in pieces, with other requests served between
// the pieces (GET /__doppel/state, docs/guides/operating.md), still shows the state of one instant.
//
// At the cut the export notes how many records each growing collection has (orders and copies are
// arrays, users, keys, wallets and transfers Maps in insertion order, none ever removed: what is
// added later lies past the count) and encodes the small parts at once. A record that existed at
// the cut and is about to change before the export has read it is encoded first, as it was: every
// place in the domain that changes an exported record in place calls beforeWrite first. Those are
// the orders (fills, cancels, settlement), copy relations (stop, accrual), wallets (balances and
// history) and transfers (confirmation, failure).

/** The kinds of record that change in place after they are created. */
export type CutRecord = 'order' | 'copy' | 'wallet' | 'transfer';

export interface ExportCut {
  /** Called before a record changes: keeps its snapshot form as it was, when the export still needs it. */
  keep(kind: CutRecord, record: object): void;
}

/** Lets every export under way keep the record's form before it changes (no export: an empty loop). */
export function beforeWrite(cuts: readonly ExportCut[], kind: CutRecord, record: object): void {
  for (let i = 0; i < cuts.length; i++) (cuts[i] as ExportCut).keep(kind, record);
}
