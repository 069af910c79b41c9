import './count-badge.css';

/** A count shown as a pill, read out as `label` ("3 new uploads"): the number alone means nothing to a screen reader. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" data-testid="count-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}
