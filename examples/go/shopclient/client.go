// Package shopclient is the client under test: a tiny client of both interfaces, as a Go service
// would have one. It knows nothing of doppel: it takes base URLs, a key and extra headers (the
// tests pass the namespace header there), and it honours Retry-After on a 429 (seed trading §8,
// wallet §8).
package shopclient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// APIError is an answer other than 2xx, with its error envelope.
type APIError struct {
	Status int
	Body   map[string]any
}

func (e *APIError) Error() string { return fmt.Sprintf("%d: %v", e.Status, e.Body["error"]) }

type httpClient struct {
	baseURL string
	headers map[string]string
	sleep   func(time.Duration)
}

func (c *httpClient) call(method, path string, body, out any) error {
	var data []byte
	if body != nil {
		var err error
		if data, err = json.Marshal(body); err != nil {
			return err
		}
	}
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequest(method, c.baseURL+path, bytes.NewReader(data))
		if err != nil {
			return err
		}
		for k, v := range c.headers {
			req.Header.Set(k, v)
		}
		if body != nil {
			req.Header.Set("content-type", "application/json")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		text, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			return err
		}
		if res.StatusCode == http.StatusTooManyRequests && attempt < 3 {
			if seconds, err := strconv.ParseFloat(res.Header.Get("Retry-After"), 64); err == nil {
				c.sleep(time.Duration(seconds * float64(time.Second)))
				continue
			}
		}
		if res.StatusCode/100 != 2 {
			apiErr := &APIError{Status: res.StatusCode}
			_ = json.Unmarshal(text, &apiErr.Body)
			return apiErr
		}
		return json.Unmarshal(text, out)
	}
}

// Order is a trading order, as far as this client cares.
type Order struct {
	ID     int64  `json:"id"`
	Status string `json:"status"`
	Amount string `json:"amount"`
}

// Trading is the trading interface's client.
type Trading struct{ http httpClient }

// NewTrading makes a client; headers are sent with every request.
func NewTrading(baseURL, apiKey string, headers map[string]string) *Trading {
	h := map[string]string{"API-KEY": apiKey}
	for k, v := range headers {
		h[k] = v
	}
	return &Trading{httpClient{baseURL, h, time.Sleep}}
}

// BuyLimit places a limit buy order.
func (t *Trading) BuyLimit(market, pair, amount, price string) (Order, error) {
	var answer struct{ Data Order }
	body := map[string]string{"market": market, "pair": pair, "side": "buy", "order_type": "limit", "amount": amount, "price": price}
	err := t.http.call(http.MethodPost, "/api/v1/spot/order", body, &answer)
	return answer.Data, err
}

// OpenOrders lists the account's open orders.
func (t *Trading) OpenOrders() ([]Order, error) {
	var answer struct{ Data []Order }
	if err := t.http.call(http.MethodGet, "/api/v1/account/orders", nil, &answer); err != nil {
		return nil, err
	}
	open := []Order{}
	for _, o := range answer.Data {
		if o.Status == "open" {
			open = append(open, o)
		}
	}
	return open, nil
}

// Wallet is the wallet interface's client.
type Wallet struct{ http httpClient }

// NewWallet makes a client; headers are sent with every request.
func NewWallet(baseURL, apiKey string, headers map[string]string) *Wallet {
	h := map[string]string{"X-API-Key": apiKey}
	for k, v := range headers {
		h[k] = v
	}
	return &Wallet{httpClient{baseURL, h, time.Sleep}}
}

// Balance is a wallet's balance of its native coin, a decimal string.
func (w *Wallet) Balance(walletID int) (string, error) {
	var answer struct{ Balance string }
	err := w.http.call(http.MethodGet, fmt.Sprintf("/api/v1/wallets/%d/balance", walletID), nil, &answer)
	return answer.Balance, err
}

// Send sends the native coin and returns the transaction's hash.
func (w *Wallet) Send(walletID int, to, amount string) (string, error) {
	var answer struct {
		TxHash string `json:"tx_hash"`
	}
	body := map[string]any{"to_address": to, "amount": amount, "token_id": nil}
	err := w.http.call(http.MethodPost, fmt.Sprintf("/api/v1/wallets/%d/send", walletID), body, &answer)
	return answer.TxHash, err
}

// TransactionStatus is the status of a wallet's transaction.
func (w *Wallet) TransactionStatus(walletID int, txHash string) (string, error) {
	var answer struct {
		Transactions []struct {
			TxHash string `json:"tx_hash"`
			Status string `json:"status"`
		}
	}
	if err := w.http.call(http.MethodGet, fmt.Sprintf("/api/v1/wallets/%d/transactions", walletID), nil, &answer); err != nil {
		return "", err
	}
	for _, t := range answer.Transactions {
		if t.TxHash == txHash {
			return t.Status, nil
		}
	}
	return "", fmt.Errorf("no transaction %s", txHash)
}
