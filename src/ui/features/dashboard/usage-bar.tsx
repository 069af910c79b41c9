/** A labelled meter drawn as a bar, for storage use against a quota and cache hit rates. */
export function UsageBar({ ratio, label, valueText }: { ratio: number; label: string; valueText: string }) {
  const clamped = Math.min(1, Math.max(0, ratio));
  return (
    <div
      className="usage-bar"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped * 100)}
      aria-valuetext={valueText}
    >
      <span
        className="usage-bar__fill"
        style={{ inlineSize: `${clamped * 100}%` }}
        data-level={clamped >= 0.9 ? 'high' : undefined}
      />
    </div>
  );
}
