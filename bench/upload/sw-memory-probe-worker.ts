// The dedicated worker of bench/upload/sw-memory-probe.ts: 2 GiB made in 64 KiB buffers, each
// dropped or detached (`transfer(0)`) at once, made by JavaScript or by Web Crypto.
type Detachable = ArrayBuffer & { transfer(length?: number): ArrayBuffer };
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ variant: string; mib: number }>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = async ({ data: { variant, mib } }) => {
  const started = performance.now();
  const count = (mib * 1024 * 1024) / 65_536;
  const key = await crypto.subtle.importKey('raw', new Uint8Array(32), 'AES-GCM', false, ['encrypt', 'decrypt']);
  const iv = new Uint8Array(12);
  const plain = new Uint8Array(65_520);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
  let sum = 0;
  const channel = new MessageChannel();
  if (variant === 'decrypt-port') channel.port2.onmessage = () => undefined;
  if (variant === 'decrypt-port-closed') channel.port2.close();
  for (let i = 0; i < count; i += 1) {
    let buffer: ArrayBuffer;
    if (variant.startsWith('js')) {
      buffer = new ArrayBuffer(65_536);
      // Touch every page, as a network chunk's copy does.
      new Uint8Array(buffer).fill(i & 0xff);
    } else buffer = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed);
    sum += new Uint8Array(buffer)[100] ?? 0;
    if (variant.endsWith('transfer')) (buffer as Detachable).transfer(0);
    if (variant === 'decrypt-clone') structuredClone(buffer, { transfer: [buffer] });
    if (variant === 'decrypt-clone-detach') (structuredClone(buffer, { transfer: [buffer] }) as Detachable).transfer(0);
    if (variant.startsWith('decrypt-port')) channel.port1.postMessage(buffer, [buffer]);
    if (variant === 'decrypt-yield' && i % 16 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  scope.postMessage(`${(performance.now() - started).toFixed(0)} ms (${sum})`);
};
