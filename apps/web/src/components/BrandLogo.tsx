/** The SolarOps mark: a sun over a solar panel, in the theme colour. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="brand-logo">
      <circle cx="16" cy="16" r="15" fill="#009cff" />
      <circle cx="16" cy="11.5" r="4.5" fill="#ffd84d" />
      <path d="M6.5 25l4-8h11l4 8z" fill="#ffffff" />
      <path d="M11.8 17l-1.6 8M16 17v8M20.2 17l1.6 8M8.6 21h14.8" stroke="#009cff" strokeWidth="1" />
    </svg>
  );
}
