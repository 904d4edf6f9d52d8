// Survivors no assertion can kill from outside, and why: what the mutant changes is never shown
// against anything the checker can compare it with. bench/MUTATION.md prints the reason beside
// each; they still count as survivors in the score.
export const CANNOT_JUDGE: readonly { match: RegExp; reason: string }[] = [
  {
    // Markets, lead traders, chains and balance entries: listings of all of a kind (lists-all).
    match: /^item-dropped (trading (getMarkets|listCopyTraders|getBalances)|wallet listChains) /,
    reason:
      'a record left out of every listing alike, one the checker never traded on, copied or was credited in, is from outside a deployment without it: no other answer names it, and the checker only acts on what a listing holds',
  },
  {
    // A cancel answered as refused while the fake cancelled the order.
    match: /^status-sibling trading cancelSpotOrder 200->/,
    reason:
      'a cancel refused while its order ends up cancelled: from outside, another client of the same account may have cancelled it in between (the checker never assumes it is the only one), and a refused cancel of an order the model holds open may mean it filled meanwhile',
  },
  {
    match: /^write-applied-twice wallet createWallet$/,
    reason: "a second wallet the user's listing holds: from outside, another client of the same user may have created it; nothing ties a listed wallet to the request that made it",
  },
];

export const cannotJudge = (id: string): string | undefined => CANNOT_JUDGE.find((c) => c.match.test(id))?.reason;
