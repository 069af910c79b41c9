// Waits for a server a benchmark started to answer /api/health, polling every 100 ms (a start on
// a busy machine takes a while); fails after `timeoutMs`.
export async function waitForHealth(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${baseUrl} did not become healthy in ${timeoutMs} ms`);
}
