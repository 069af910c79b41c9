// The one rule for an HTTP answer worth another try: 408 (time-out), 429 (too many requests) or
// any 5xx says the server or the network was busy, not that the request was wrong. Every other
// status is final. Used by the worker's storage PUTs, the basket ZIP, the offline queue's replay
// and the CLI's multipart parts.

/** 408, 429 and 5xx are worth another try; every other status is final. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
