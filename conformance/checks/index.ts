// The registry: every check, in the order the runner runs the scenarios.
import type { Check } from './check.js';
import { balanceDecimals } from './response/balance-decimals.js';
import { cancelLeavesOpen } from './state/cancel-leaves-open.js';
import { balancesFollowWrites } from './state/balances-follow-writes.js';
import { walletStartsEmpty } from './state/wallet-starts-empty.js';
import { listingsHoldAccepted } from './state/listings-hold-accepted.js';
import { contentLengthMatches } from './response/content-length-matches.js';
import { contentTypeJson } from './response/content-type-json.js';
import { duplicateEmailRefused } from './scenario/duplicate-email-refused.js';
import { loginTokenWorks } from './scenario/login-token-works.js';
import { jsonUtf8 } from './response/json-utf-8.js';
import { jsonWithoutBom } from './response/json-without-bom.js';
import { noServerError } from './response/no-server-error.js';
import { orderInListing } from './state/order-in-listing.js';
import { documentedDefaults } from './state/documented-defaults.js';
import { ordersListingQuery } from './response/orders-listing-query.js';
import { priceMapKeys } from './response/price-map-keys.js';
import { rateLimit429 } from './scenario/rate-limit-429.js';
import { rateLimitRetryAfter } from './scenario/rate-limit-retry-after.js';
import { readKey403 } from './scenario/read-key-403.js';
import { ipLocked403 } from './scenario/ip-locked-403.js';
import { responseSchema } from './response/response-schema.js';
import { seedFields } from './response/seed-fields.js';
import { successEnvelope } from './response/success-envelope.js';
import { tradingAuth401 } from './scenario/trading-auth-401.js';
import { tradingDateFormat } from './response/trading-date-format.js';
import { tradingErrorBody } from './response/trading-error-body.js';
import { tradingInvalidInput400 } from './scenario/trading-invalid-input-400.js';
import { tradingInvalidInputDecided } from './scenario/trading-invalid-input-decided.js';
import { tradingPublicNoKey } from './scenario/trading-public-no-key.js';
import { tradingStatusDocumented } from './response/trading-status-documented.js';
import { tradingUnknownId404 } from './scenario/trading-unknown-id-404.js';
import { transactionsLimit } from './response/transactions-limit.js';
import { unknownResource404 } from './scenario/unknown-resource-404.js';
import { walletAuth401 } from './scenario/wallet-auth-401.js';
import { walletAuthRequired } from './scenario/wallet-auth-required.js';
import { walletDateFormat } from './response/wallet-date-format.js';
import { walletDatesUtc } from './response/wallet-dates-utc.js';
import { walletDecimals } from './response/wallet-decimals.js';
import { walletErrorBody } from './response/wallet-error-body.js';
import { walletInvalidInput400 } from './scenario/wallet-invalid-input-400.js';
import { walletIsolation } from './scenario/wallet-isolation.js';
import { walletPublicNoKey } from './scenario/wallet-public-no-key.js';
import { walletSendDebits } from './state/wallet-send-debits.js';
import { walletStatusDocumented } from './response/wallet-status-documented.js';
import { walletUnknownId404 } from './scenario/wallet-unknown-id-404.js';
import { usdValueMatchesPrice } from './state/usd-value-matches-price.js';
import { resourceRelations } from './state/resource-relations.js';
import { defaultListingLimit } from './scenario/default-listing-limit.js';
import { settlementThroughClock } from './scenario/settlement-through-clock.js';
import { copyConflictStatus } from './scenario/copy-conflict-status.js';
import { registerMessage } from './scenario/register-message.js';
import { sendConfirmationDelay } from './scenario/send-confirmation-delay.js';
import { cancelNotOpenStatus } from './scenario/cancel-not-open-status.js';
import { copyStopUnknownStatus } from './scenario/copy-stop-unknown-status.js';
import { listingOrderCheck } from './scenario/listing-order.js';
import { loginFailureMessage } from './scenario/login-failure-message.js';
import { missingKeyMessage } from './scenario/missing-key-message.js';
import { symbolCase } from './scenario/symbol-case.js';
import { walletCreateStatus } from './scenario/wallet-create-status.js';
import { listingMaxLimit } from './scenario/listing-max-limit.js';
import { futuresDurationLimit } from './scenario/futures-duration-limit.js';
import { tradingGuardOrder } from './scenario/trading-guard-order.js';
import { walletGuardOrder } from './scenario/wallet-guard-order.js';
import { HISTORY_CHECKS, RACE_CHECKS } from './race/race-checks.js';

export type { Check, ResponseCheck, ScenarioCheck, ScenarioOutput, StateCheck, StateOutput } from './check.js';

export const CHECKS: readonly Check[] = [
  // Status codes
  noServerError,
  tradingStatusDocumented,
  walletStatusDocumented,
  tradingPublicNoKey,
  walletPublicNoKey,
  tradingAuth401,
  walletAuthRequired,
  walletAuth401,
  readKey403,
  ipLocked403,
  tradingInvalidInput400,
  tradingInvalidInputDecided,
  walletInvalidInput400,
  unknownResource404,
  tradingUnknownId404,
  walletUnknownId404,
  // Envelopes and formats
  contentTypeJson,
  jsonWithoutBom,
  jsonUtf8,
  contentLengthMatches,
  successEnvelope,
  walletErrorBody,
  tradingErrorBody,
  seedFields,
  responseSchema,
  balanceDecimals,
  walletDecimals,
  walletDateFormat,
  walletDatesUtc,
  tradingDateFormat,
  priceMapKeys,
  ordersListingQuery,
  transactionsLimit,
  // State: each answer against what the target said before (any stream of exchanges)
  orderInListing,
  documentedDefaults,
  cancelLeavesOpen,
  balancesFollowWrites,
  walletStartsEmpty,
  listingsHoldAccepted,
  walletSendDebits,
  usdValueMatchesPrice,
  resourceRelations,
  ...HISTORY_CHECKS,
  // Stateful scenarios (writes only)
  settlementThroughClock,
  loginTokenWorks,
  duplicateEmailRefused,
  walletIsolation,
  // Decision points (what --learn writes, what --profile expects)
  copyConflictStatus,
  registerMessage,
  sendConfirmationDelay,
  walletCreateStatus,
  cancelNotOpenStatus,
  copyStopUnknownStatus,
  missingKeyMessage,
  loginFailureMessage,
  symbolCase,
  listingOrderCheck,
  // After the writes, so that the listings hold more than a page's worth where they can
  defaultListingLimit,
  listingMaxLimit,
  futuresDurationLimit,
  tradingGuardOrder,
  // Rate limit (--rate-limit)
  rateLimit429,
  rateLimitRetryAfter,
  // Races (--concurrency N): overlapping requests, each history judged (model/linearizability.ts)
  ...RACE_CHECKS,
  // Last: it leaves a key over its limit for a minute (decision wallet.guard-order)
  walletGuardOrder,
];
