// The registry: every check, in the order the runner runs the scenarios.
import type { Check } from './check.js';
import { balanceDecimals } from './balance-decimals.js';
import { balanceUnique } from './balance-unique.js';
import { cancelLeavesOpen } from './cancel-leaves-open.js';
import { balancesFollowWrites } from './balances-follow-writes.js';
import { readsAnswerAsked } from './reads-answer-asked.js';
import { walletCreatedListed } from './wallet-created-listed.js';
import { contentTypeJson } from './content-type-json.js';
import { duplicateEmailRefused } from './duplicate-email-refused.js';
import { loginTokenWorks } from './login-token-works.js';
import { noServerError } from './no-server-error.js';
import { orderInListing } from './order-in-listing.js';
import { ordersListingQuery } from './orders-listing-query.js';
import { priceMapKeys } from './price-map-keys.js';
import { rateLimit429 } from './rate-limit-429.js';
import { rateLimitRetryAfter } from './rate-limit-retry-after.js';
import { readKey403 } from './read-key-403.js';
import { responseSchema } from './response-schema.js';
import { seedFields } from './seed-fields.js';
import { successEnvelope } from './success-envelope.js';
import { tradingAuth401 } from './trading-auth-401.js';
import { tradingDateFormat } from './trading-date-format.js';
import { tradingErrorBody } from './trading-error-body.js';
import { tradingInvalidInput400 } from './trading-invalid-input-400.js';
import { tradingInvalidInputDecided } from './trading-invalid-input-decided.js';
import { tradingPublicNoKey } from './trading-public-no-key.js';
import { tradingStatusDocumented } from './trading-status-documented.js';
import { tradingUnknownId404 } from './trading-unknown-id-404.js';
import { transactionsLimit } from './transactions-limit.js';
import { unknownResource404 } from './unknown-resource-404.js';
import { walletAuth401 } from './wallet-auth-401.js';
import { walletAuthRequired } from './wallet-auth-required.js';
import { walletDateFormat } from './wallet-date-format.js';
import { walletDatesUtc } from './wallet-dates-utc.js';
import { walletDecimals } from './wallet-decimals.js';
import { walletErrorBody } from './wallet-error-body.js';
import { walletInvalidInput400 } from './wallet-invalid-input-400.js';
import { walletIsolation } from './wallet-isolation.js';
import { walletPublicNoKey } from './wallet-public-no-key.js';
import { walletSendDebits } from './wallet-send-debits.js';
import { walletStatusDocumented } from './wallet-status-documented.js';
import { walletUnknownId404 } from './wallet-unknown-id-404.js';
import { usdValueMatchesPrice } from './usd-value-matches-price.js';
import { defaultListingLimit } from './default-listing-limit.js';
import { settlementThroughClock } from './settlement-through-clock.js';
import { copyConflictStatus } from './copy-conflict-status.js';
import { registerMessage } from './register-message.js';
import { sendConfirmationDelay } from './send-confirmation-delay.js';
import { cancelNotOpenStatus } from './cancel-not-open-status.js';
import { copyStopUnknownStatus } from './copy-stop-unknown-status.js';
import { listingOrderCheck } from './listing-order.js';
import { loginFailureMessage } from './login-failure-message.js';
import { missingKeyMessage } from './missing-key-message.js';
import { symbolCase } from './symbol-case.js';
import { walletCreateStatus } from './wallet-create-status.js';
import { listingMaxLimit } from './listing-max-limit.js';
import { futuresDurationLimit } from './futures-duration-limit.js';
import { tradingGuardOrder } from './trading-guard-order.js';
import { walletGuardOrder } from './wallet-guard-order.js';

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
  tradingInvalidInput400,
  tradingInvalidInputDecided,
  walletInvalidInput400,
  unknownResource404,
  tradingUnknownId404,
  walletUnknownId404,
  // Envelopes and formats
  contentTypeJson,
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
  balanceUnique,
  ordersListingQuery,
  transactionsLimit,
  // State: each answer against what the target said before (any stream of exchanges)
  orderInListing,
  cancelLeavesOpen,
  balancesFollowWrites,
  walletCreatedListed,
  walletSendDebits,
  readsAnswerAsked,
  usdValueMatchesPrice,
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
  // Last: it leaves a key over its limit for a minute (decision wallet.guard-order)
  walletGuardOrder,
];
