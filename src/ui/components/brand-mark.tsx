// The Clipdock mark, drawn inline as index.html's static frame draws it: the header shows it
// without a request of its own. public/icon.svg (the favicon) holds the same shapes.
export function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <rect x="16" y="14" width="32" height="38" rx="5" fill="#ffffff" />
      <rect x="24" y="9" width="16" height="10" rx="3" fill="#99f6e4" stroke="#0f766e" strokeWidth="2" />
      <path d="M22 30h20M22 37h14" stroke="#0f766e" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M10 50h44" stroke="#99f6e4" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
