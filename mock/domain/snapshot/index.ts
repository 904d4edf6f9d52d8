// Snapshots in one place: the versioned envelope of a whole fake, the two interfaces' codecs (the
// backends' exportState/importState call them) and the checked reader they share. Portable: the
// files that hold a snapshot are read and written by mock/snapshot-file.ts (Node).

export { readSnapshotEnvelope, pinsSnapshot, SNAPSHOT_VERSION, SnapshotError } from './doppel-snapshot.js';
export { encodeTradingState, decodeTradingState, cutTradingState } from './trading-snapshot.js';
export { encodeWalletState, decodeWalletState, cutWalletState } from './wallet-snapshot.js';
export { snapshotChunks, releasing, materializeCut } from './snapshot-pieces.js';
export type { SnapshotCut } from './snapshot-pieces.js';

export type { DoppelSnapshot, SnapshotEnvelope, PricePinSnapshot, TradingSnapshot, WalletSnapshot } from './doppel-snapshot.js';
